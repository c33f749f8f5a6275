"""zh-go: 张磊 (Zhang Lei), Go backend (gRPC + grpc-gateway, buf, sqlx/MySQL, golang-migrate, golangci-lint).
Prompts and assistant replies in Chinese; tool output as the tools print it."""
from tracegen import Dev

U = "zhanglei"
R = "/home/zhanglei/work/order-svc"
MOD = "gitlab.xmall-inc.com/trade/order-svc"
MODEL = "claude-opus-4-5-20251101"
ORIGIN = "gitlab.xmall-inc.com:trade/order-svc.git"


def P(rel):
    return f"{R}/{rel}"


FILES = {
    P("api/order/v1/order.proto"): """syntax = "proto3";

package order.v1;

import "google/api/annotations.proto";
import "google/protobuf/timestamp.proto";

option go_package = "gitlab.xmall-inc.com/trade/order-svc/api/order/v1;orderv1";

service OrderService {
  rpc CreateOrder(CreateOrderRequest) returns (CreateOrderReply) {
    option (google.api.http) = {
      post: "/v1/orders"
      body: "*"
    };
  }
  rpc GetOrder(GetOrderRequest) returns (Order) {
    option (google.api.http) = {get: "/v1/orders/{order_id}"};
  }
}

enum OrderStatus {
  ORDER_STATUS_UNSPECIFIED = 0;
  ORDER_STATUS_PENDING = 1;
  ORDER_STATUS_PAID = 2;
  ORDER_STATUS_SHIPPED = 3;
  ORDER_STATUS_COMPLETED = 4;
  ORDER_STATUS_CANCELLED = 5;
}

message OrderItem {
  int64 sku_id = 1;
  int32 quantity = 2;
  int64 unit_price = 3; // 单位:分
}

message Order {
  int64 order_id = 1;
  int64 user_id = 2;
  OrderStatus status = 3;
  repeated OrderItem items = 4;
  int64 total_amount = 5; // 单位:分
  google.protobuf.Timestamp created_at = 6;
}

message CreateOrderRequest {
  int64 user_id = 1;
  repeated OrderItem items = 2;
  string idempotency_key = 3;
}

message CreateOrderReply {
  int64 order_id = 1;
}

message GetOrderRequest {
  int64 order_id = 1;
}
""",
    P("internal/service/order.go"): """package service

import (
	"context"
	"errors"

	"go.uber.org/zap"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	orderv1 "gitlab.xmall-inc.com/trade/order-svc/api/order/v1"
	"gitlab.xmall-inc.com/trade/order-svc/internal/model"
	"gitlab.xmall-inc.com/trade/order-svc/internal/repo"
)

type InventoryClient interface {
	Reserve(ctx context.Context, orderID int64, items []model.OrderItem) error
	Release(ctx context.Context, orderID int64) error
}

type OrderService struct {
	orderv1.UnimplementedOrderServiceServer

	repo      repo.OrderRepo
	inventory InventoryClient
	idgen     func() int64
	log       *zap.Logger
}

func NewOrderService(r repo.OrderRepo, inv InventoryClient, idgen func() int64, log *zap.Logger) *OrderService {
	return &OrderService{repo: r, inventory: inv, idgen: idgen, log: log}
}

func (s *OrderService) CreateOrder(ctx context.Context, req *orderv1.CreateOrderRequest) (*orderv1.CreateOrderReply, error) {
	if len(req.GetItems()) == 0 {
		return nil, status.Error(codes.InvalidArgument, "items is empty")
	}
	o := model.NewOrder(s.idgen(), req.GetUserId(), toModelItems(req.GetItems()))
	if err := s.inventory.Reserve(ctx, o.ID, o.Items); err != nil {
		return nil, err
	}
	if err := s.repo.Create(ctx, o); err != nil {
		_ = s.inventory.Release(ctx, o.ID)
		return nil, err
	}
	return &orderv1.CreateOrderReply{OrderId: o.ID}, nil
}

func (s *OrderService) GetOrder(ctx context.Context, req *orderv1.GetOrderRequest) (*orderv1.Order, error) {
	o, err := s.repo.Get(ctx, req.GetOrderId())
	if errors.Is(err, repo.ErrNotFound) {
		return nil, status.Error(codes.NotFound, "order not found")
	}
	if err != nil {
		return nil, err
	}
	return toProto(o), nil
}
""",
    P("internal/repo/order.go"): """package repo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"gitlab.xmall-inc.com/trade/order-svc/internal/model"
)

var ErrNotFound = errors.New("not found")

type OrderRepo interface {
	Create(ctx context.Context, o *model.Order) error
	Get(ctx context.Context, id int64) (*model.Order, error)
	UpdateStatus(ctx context.Context, id int64, from, to model.OrderStatus) (bool, error)
	ListExpiredPending(ctx context.Context, before time.Time, limit int) ([]int64, error)
}

type orderRepo struct {
	db *sqlx.DB
}

func NewOrderRepo(db *sqlx.DB) OrderRepo { return &orderRepo{db: db} }

const orderColumns = "id, user_id, status, total_amount, created_at, updated_at"

func (r *orderRepo) Create(ctx context.Context, o *model.Order) error {
	tx, err := r.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck

	if _, err := tx.NamedExecContext(ctx,
		`INSERT INTO orders (id, user_id, status, total_amount, created_at, updated_at)
		 VALUES (:id, :user_id, :status, :total_amount, NOW(), NOW())`, o); err != nil {
		return fmt.Errorf("insert order %d: %w", o.ID, err)
	}
	if _, err := tx.NamedExecContext(ctx,
		`INSERT INTO order_items (order_id, sku_id, quantity, unit_price)
		 VALUES (:order_id, :sku_id, :quantity, :unit_price)`, itemRows(o)); err != nil {
		return fmt.Errorf("insert items of order %d: %w", o.ID, err)
	}
	return tx.Commit()
}

func (r *orderRepo) Get(ctx context.Context, id int64) (*model.Order, error) {
	var o model.Order
	err := r.db.GetContext(ctx, &o, "SELECT "+orderColumns+" FROM orders WHERE id = ?", id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get order %d: %w", id, err)
	}
	return &o, nil
}

func (r *orderRepo) UpdateStatus(ctx context.Context, id int64, from, to model.OrderStatus) (bool, error) {
	res, err := r.db.ExecContext(ctx,
		"UPDATE orders SET status = ?, updated_at = NOW() WHERE id = ? AND status = ?", to, id, from)
	if err != nil {
		return false, fmt.Errorf("update order %d status: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
""",
    P("internal/model/order.go"): """package model

import "time"

type OrderStatus int8

const (
	OrderStatusPending   OrderStatus = 1
	OrderStatusPaid      OrderStatus = 2
	OrderStatusShipped   OrderStatus = 3
	OrderStatusCompleted OrderStatus = 4
	OrderStatusCancelled OrderStatus = 5
)

type OrderItem struct {
	SkuID     int64 `db:"sku_id"`
	Quantity  int32 `db:"quantity"`
	UnitPrice int64 `db:"unit_price"`
}

type Order struct {
	ID          int64       `db:"id"`
	UserID      int64       `db:"user_id"`
	Status      OrderStatus `db:"status"`
	TotalAmount int64       `db:"total_amount"`
	CreatedAt   time.Time   `db:"created_at"`
	UpdatedAt   time.Time   `db:"updated_at"`
	Items       []OrderItem `db:"-"`
}

func NewOrder(id, userID int64, items []OrderItem) *Order {
	var total int64
	for _, it := range items {
		total += it.UnitPrice * int64(it.Quantity)
	}
	return &Order{ID: id, UserID: userID, Status: OrderStatusPending, TotalAmount: total, Items: items}
}
""",
    P("internal/pkg/idgen/snowflake.go"): """package idgen

import (
	"errors"
	"sync"
	"time"
)

const (
	epoch        = int64(1672531200000) // 2023-01-01 00:00:00 UTC, ms
	workerBits   = 10
	sequenceBits = 12
	maxSequence  = -1 ^ (-1 << sequenceBits)
	maxBackwards = 5 * time.Millisecond
)

var ErrClockBackwards = errors.New("idgen: clock moved backwards")

type Snowflake struct {
	mu       sync.Mutex
	workerID int64
	lastMs   int64
	seq      int64
}

func New(workerID int64) *Snowflake { return &Snowflake{workerID: workerID & (1<<workerBits - 1)} }

func (s *Snowflake) Next() (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()

	now := time.Now().UnixMilli()
	if now < s.lastMs {
		// 小幅回拨:等到追上上次的时间戳;回拨过大直接报错
		if time.Duration(s.lastMs-now)*time.Millisecond > maxBackwards {
			return 0, ErrClockBackwards
		}
		time.Sleep(time.Duration(s.lastMs-now) * time.Millisecond)
		now = time.Now().UnixMilli()
	}
	if now == s.lastMs {
		s.seq = (s.seq + 1) & maxSequence
		if s.seq == 0 {
			for now <= s.lastMs {
				now = time.Now().UnixMilli()
			}
		}
	} else {
		s.seq = 0
	}
	s.lastMs = now
	return (now-epoch)<<(workerBits+sequenceBits) | s.workerID<<sequenceBits | s.seq, nil
}
""",
    P("internal/pkg/ratelimit/limiter.go"): """package ratelimit

import "time"

// Limiter 简单的令牌桶,按用户限制下单频率。
type Limiter struct {
	rate     float64 // 每秒补充的令牌数
	burst    float64
	tokens   map[int64]float64
	lastSeen map[int64]time.Time
}

func New(rate float64, burst int) *Limiter {
	return &Limiter{
		rate:     rate,
		burst:    float64(burst),
		tokens:   make(map[int64]float64),
		lastSeen: make(map[int64]time.Time),
	}
}

func (l *Limiter) Allow(userID int64) bool {
	now := time.Now()
	tokens, ok := l.tokens[userID]
	if !ok {
		tokens = l.burst
	} else {
		elapsed := now.Sub(l.lastSeen[userID]).Seconds()
		tokens = min(l.burst, tokens+elapsed*l.rate)
	}
	l.lastSeen[userID] = now
	if tokens < 1 {
		l.tokens[userID] = tokens
		return false
	}
	l.tokens[userID] = tokens - 1
	return true
}
""",
    P("internal/conf/conf.go"): """package conf

import "time"

type Config struct {
	Server struct {
		GRPCAddr string `yaml:"grpc_addr"`
		HTTPAddr string `yaml:"http_addr"`
	} `yaml:"server"`
	MySQL struct {
		DSN          string `yaml:"dsn"`
		MaxOpenConns int    `yaml:"max_open_conns"`
	} `yaml:"mysql"`
	Redis struct {
		Addr string `yaml:"addr"`
	} `yaml:"redis"`
	Job struct {
		CloseExpiredInterval time.Duration `yaml:"close_expired_interval"`
		PendingTTL           time.Duration `yaml:"pending_ttl"`
	} `yaml:"job"`
}
""",
    P("CHANGELOG.md"): """# Changelog

本项目遵循 [Keep a Changelog](https://keepachangelog.com/zh-CN/1.1.0/) 与语义化版本。

## [Unreleased]

## [1.7.2] - 2025-12-29
### Fixed
- 幂等键冲突时返回已存在的订单号,而不是 500

## [1.7.1] - 2025-12-18
### Fixed
- 库存预占失败时未释放已预占的 SKU
""",
    P("README.md"): """# order-svc

订单服务:下单、查询、取消、优惠券核销、退款。

## 本地开发

```bash
make proto        # buf generate,生成 api/**/*.pb.go(生成代码不入库)
make test         # go test ./...
make lint         # golangci-lint run
make migrate      # 执行 migrations 到本地 MySQL
```

本地依赖用 `docker compose up -d mysql redis` 启动。
""",
}


# --------------------------------------------------------------------- outputs
def go_ok(pkgs):
    """pkgs: list of (pkg, secs or None for no test files, cached)"""
    out = []
    for p, t in pkgs:
        if t is None:
            out.append(f"?   \t{MOD}/{p}\t[no test files]")
        else:
            out.append(f"ok  \t{MOD}/{p}\t{t}")
    return "\n".join(out)


ALL_PKGS = [("cmd/order-svc", None), ("internal/conf", None), ("internal/model", "0.006s"),
            ("internal/pkg/idgen", "0.131s"), ("internal/pkg/ratelimit", "0.019s"), ("internal/repo", "0.842s"),
            ("internal/server", None), ("internal/service", "0.417s")]


def gosum_missing(file, line, pkg, importer):
    return (f"{file}:{line}:2: missing go.sum entry for module providing package {pkg} (imported by {MOD}/{importer}); to add:\n"
            f"\tgo get {MOD}/{importer}")


def tag_push(tag):
    return f"""Enumerating objects: 1, done.
Counting objects: 100% (1/1), done.
Writing objects: 100% (1/1), 183 bytes | 183.00 KiB/s, done.
Total 1 (delta 0), reused 0 (delta 0), pack-reused 0 (from 0)
To {ORIGIN}
 * [new tag]         {tag} -> {tag}"""


def main_push(old, new):
    return f"""Enumerating objects: 5, done.
Counting objects: 100% (5/5), done.
Delta compression using up to 16 threads
Compressing objects: 100% (3/3), done.
Writing objects: 100% (3/3), 612 bytes | 612.00 KiB/s, done.
Total 3 (delta 2), reused 0 (delta 0), pack-reused 0 (from 0)
To {ORIGIN}
   {old}..{new}  main -> main"""


def migrate_up(n, name, ms):
    return f"""migrate -path migrations -database "mysql://root:******@tcp(127.0.0.1:3306)/order_db?multiStatements=true" up
{n}/u {name} ({ms}ms)"""


def gen():
    d = Dev("zh-go", U, "zh", MODEL, seed=8848, files=FILES)

    # ============================================================== S1
    with d.session("2026-01-06T10:02:00", R, branch="main", version="2.1.2"):
        t = d.task("看一下下单流程,从 CreateOrder 的 handler 到落库,中间都经过哪些层?", tags=["noise"])
        t.grep("CreateOrder", [P("api/order/v1/order.proto"), P("internal/service/order.go"), P("internal/server/grpc.go"),
                               P("internal/service/order_test.go")], path=R, glob="*.{go,proto}")
        t.read(P("internal/service/order.go"))
        t.read(P("internal/repo/order.go"))
        t.done("""下单链路一共四层:

1. **API 定义**:`api/order/v1/order.proto` 里的 `OrderService.CreateOrder`,grpc-gateway 映射到 `POST /v1/orders`。
2. **Server 注册**:`internal/server/grpc.go` 把 `OrderService` 注册到 gRPC server(HTTP 走 gateway 转发)。
3. **Service**:`internal/service/order.go` 的 `CreateOrder`:
   - 校验 items 非空(否则 `InvalidArgument`)
   - `model.NewOrder` 生成订单(雪花 ID、计算总价、状态 pending)
   - `inventory.Reserve` 预占库存
   - `repo.Create` 落库,失败时 `Release` 回滚库存
4. **Repo**:`internal/repo/order.go` 的 `Create` 在一个事务里写 `orders` 和 `order_items`。

注意 service 层有几处是直接 `return nil, err`,没有带上下文,排查问题时不太好定位。""")

        t = d.task("拉了最新的 main,跑一下单测", tags=["mistake:M1"])
        t.fail("go test ./...", "运行全部单测", gosum_missing("internal/cache/order_cache.go", 8, "github.com/redis/go-redis/v9", "internal/cache"))
        t.say("go.sum 里缺 go-redis/v9 的条目,应该是同事提交 go.mod 时漏了 go.sum。用 go mod tidy 补齐。")
        t.bash("go mod tidy", "补齐 go.sum", err="""go: downloading github.com/redis/go-redis/v9 v9.7.0
go: downloading github.com/dgryski/go-rendezvous v0.0.0-20200823014737-9f7001d12a5f
go: downloading github.com/cespare/xxhash/v2 v2.3.0""")
        t.bash("go test ./...", "重新运行全部单测", out=go_ok(ALL_PKGS[:1] + [("internal/cache", "0.233s")] + ALL_PKGS[1:]))
        t.bash("git status --short", "查看改动", out=" M go.sum")
        t.done("单测全部通过。失败原因是 `missing go.sum entry`:main 上新增了 `internal/cache` 依赖 `github.com/redis/go-redis/v9`,但 go.sum 没提交全。"
               "`go mod tidy` 之后补上了,现在 go.sum 有改动还没提交,建议单独提一个 commit 或者提醒同事。")

        t = d.task("加一个 CancelOrder 接口:只有 pending 状态的订单可以取消,取消后释放库存。错误处理用 fmt.Errorf 加 %w "
                   "包一层,带上上下文,别直接 return err。", tags=["workflow:W1", "pref:P1"])
        t.read(P("api/order/v1/order.proto"))
        t.edit(P("api/order/v1/order.proto"), """  rpc GetOrder(GetOrderRequest) returns (Order) {
    option (google.api.http) = {get: "/v1/orders/{order_id}"};
  }
}""", """  rpc GetOrder(GetOrderRequest) returns (Order) {
    option (google.api.http) = {get: "/v1/orders/{order_id}"};
  }
  rpc CancelOrder(CancelOrderRequest) returns (CancelOrderReply) {
    option (google.api.http) = {
      post: "/v1/orders/{order_id}:cancel"
      body: "*"
    };
  }
}""")
        t.edit(P("api/order/v1/order.proto"), """message GetOrderRequest {
  int64 order_id = 1;
}
""", """message GetOrderRequest {
  int64 order_id = 1;
}

message CancelOrderRequest {
  int64 order_id = 1;
  string reason = 2;
}

message CancelOrderReply {
  OrderStatus status = 1;
}
""")
        t.bash("make proto", "重新生成 pb 代码", out="buf generate")
        t.edit(P("internal/service/order.go"), """	return toProto(o), nil
}
""", """	return toProto(o), nil
}

func (s *OrderService) CancelOrder(ctx context.Context, req *orderv1.CancelOrderRequest) (*orderv1.CancelOrderReply, error) {
	id := req.GetOrderId()
	ok, err := s.repo.UpdateStatus(ctx, id, model.OrderStatusPending, model.OrderStatusCancelled)
	if err != nil {
		return nil, fmt.Errorf("cancel order %d: %w", id, err)
	}
	if !ok {
		if _, err := s.repo.Get(ctx, id); errors.Is(err, repo.ErrNotFound) {
			return nil, status.Error(codes.NotFound, "order not found")
		}
		return nil, status.Error(codes.FailedPrecondition, "only pending orders can be cancelled")
	}
	if err := s.inventory.Release(ctx, id); err != nil {
		// 状态已经改成 cancelled,库存释放失败交给对账任务兜底,这里只记录
		s.log.Error("release inventory failed", zap.Int64("order_id", id), zap.Error(err))
	}
	return &orderv1.CancelOrderReply{Status: orderv1.OrderStatus_ORDER_STATUS_CANCELLED}, nil
}
""")
        t.edit(P("internal/service/order.go"), """import (
	"context"
	"errors"
""", """import (
	"context"
	"errors"
	"fmt"
""")
        d.files[P("internal/service/order_test.go")] = """package service

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"

	orderv1 "gitlab.xmall-inc.com/trade/order-svc/api/order/v1"
	"gitlab.xmall-inc.com/trade/order-svc/internal/model"
)

func newTestService(t *testing.T) (*OrderService, *fakeRepo, *fakeInventory) {
	t.Helper()
	r, inv := newFakeRepo(), &fakeInventory{}
	return NewOrderService(r, inv, func() int64 { return 1001 }, zap.NewNop()), r, inv
}

func TestCreateOrder(t *testing.T) {
	s, r, _ := newTestService(t)
	reply, err := s.CreateOrder(context.Background(), &orderv1.CreateOrderRequest{
		UserId: 7,
		Items:  []*orderv1.OrderItem{{SkuId: 1, Quantity: 2, UnitPrice: 990}},
	})
	require.NoError(t, err)
	require.Equal(t, int64(1001), reply.GetOrderId())
	require.Equal(t, model.OrderStatusPending, r.orders[1001].Status)
}
"""
        t.read(P("internal/service/order_test.go"))
        t.edit(P("internal/service/order_test.go"), """	require.Equal(t, model.OrderStatusPending, r.orders[1001].Status)
}
""", """	require.Equal(t, model.OrderStatusPending, r.orders[1001].Status)
}

func TestCancelOrder(t *testing.T) {
	tests := []struct {
		name        string
		status      model.OrderStatus
		exists      bool
		wantCode    codes.Code
		wantRelease bool
	}{
		{name: "pending 可以取消", status: model.OrderStatusPending, exists: true, wantCode: codes.OK, wantRelease: true},
		{name: "已支付不能取消", status: model.OrderStatusPaid, exists: true, wantCode: codes.FailedPrecondition},
		{name: "已取消不能重复取消", status: model.OrderStatusCancelled, exists: true, wantCode: codes.FailedPrecondition},
		{name: "订单不存在", exists: false, wantCode: codes.NotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, r, inv := newTestService(t)
			if tt.exists {
				r.orders[42] = &model.Order{ID: 42, Status: tt.status}
			}
			_, err := s.CancelOrder(context.Background(), &orderv1.CancelOrderRequest{OrderId: 42})
			require.Equal(t, tt.wantCode, status.Code(err))
			require.Equal(t, tt.wantRelease, inv.released[42])
		})
	}
}
""")
        t.edit(P("internal/service/order_test.go"), """	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
""", """	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
""")
        t.bash("go test ./internal/service/... -run 'TestCancelOrder|TestCreateOrder' -v", "运行 service 层相关单测", out=f"""=== RUN   TestCreateOrder
--- PASS: TestCreateOrder (0.00s)
=== RUN   TestCancelOrder
=== RUN   TestCancelOrder/pending_可以取消
=== RUN   TestCancelOrder/已支付不能取消
=== RUN   TestCancelOrder/已取消不能重复取消
=== RUN   TestCancelOrder/订单不存在
--- PASS: TestCancelOrder (0.00s)
    --- PASS: TestCancelOrder/pending_可以取消 (0.00s)
    --- PASS: TestCancelOrder/已支付不能取消 (0.00s)
    --- PASS: TestCancelOrder/已取消不能重复取消 (0.00s)
    --- PASS: TestCancelOrder/订单不存在 (0.00s)
PASS
ok  \t{MOD}/internal/service\t0.388s""")
        t.bash("go build ./...", "编译全部包")
        t.done("""`CancelOrder` 加好了:

- proto:新增 `rpc CancelOrder`(HTTP `POST /v1/orders/{order_id}:cancel`)和 `CancelOrderRequest/Reply`,已 `make proto`。
- service:用 `UpdateStatus(pending → cancelled)` 做条件更新,保证只有 pending 能取消;更新不到时区分 `NotFound` 和 `FailedPrecondition`。DB 错误用 `fmt.Errorf("cancel order %d: %w", id, err)` 包装。
- 库存释放失败只打日志不回滚(状态已改),由对账任务兜底——这点你看下是否接受。
- 表驱动单测 4 个 case 全过,`go build ./...` 通过。""")

    # ============================================================== S2
    with d.session("2026-01-08T14:30:00", R, branch="feat/order-remark", version="2.1.3"):
        t = d.task("orders 表加一个 remark 字段(varchar(255),默认空字符串),model 和 repo 一起改掉,下单的时候能带备注。",
                   tags=["workflow:W2", "mistake:M2"])
        t.bash("migrate create -ext sql -dir migrations -seq add_order_remark", "创建迁移文件",
               out=f"{R}/migrations/000020_add_order_remark.up.sql\n{R}/migrations/000020_add_order_remark.down.sql")
        d.files[P("migrations/000020_add_order_remark.up.sql")] = ""
        d.files[P("migrations/000020_add_order_remark.down.sql")] = ""
        t.read(P("migrations/000020_add_order_remark.up.sql"))
        t.write(P("migrations/000020_add_order_remark.up.sql"),
                "ALTER TABLE orders ADD COLUMN remark VARCHAR(255) NOT NULL DEFAULT '' COMMENT '买家备注' AFTER total_amount;\n")
        t.read(P("migrations/000020_add_order_remark.down.sql"))
        t.write(P("migrations/000020_add_order_remark.down.sql"), "ALTER TABLE orders DROP COLUMN remark;\n")
        t.bash("make migrate-up", "在本地库执行迁移", out=migrate_up(20, "add_order_remark", "41.2713"))
        t.read(P("internal/model/order.go"))
        t.edit(P("internal/model/order.go"), """	UpdatedAt   time.Time   `db:"updated_at"`
	Items       []OrderItem `db:"-"`
}""", """	UpdatedAt   time.Time   `db:"updated_at"`
	Remark string `db:"remark"`
	Items       []OrderItem `db:"-"`
}""")
        # GoLand reformats on save (gofmt aligns struct tags)
        d.files[P("internal/model/order.go")] = d.files[P("internal/model/order.go")].replace(
            '\tRemark string `db:"remark"`', '\tRemark      string      `db:"remark"`')
        t.edit_stale(P("internal/model/order.go"), """func NewOrder(id, userID int64, items []OrderItem) *Order {""",
                     """func NewOrder(id, userID int64, items []OrderItem, remark string) *Order {""")
        t.say("文件在我读取之后被改过了(应该是 GoLand 保存时自动 gofmt 对齐了 struct tag)。重新读一下再改。")
        t.read(P("internal/model/order.go"))
        t.edit(P("internal/model/order.go"), """func NewOrder(id, userID int64, items []OrderItem) *Order {""",
               """func NewOrder(id, userID int64, items []OrderItem, remark string) *Order {""")
        t.edit(P("internal/model/order.go"), """	return &Order{ID: id, UserID: userID, Status: OrderStatusPending, TotalAmount: total, Items: items}""",
               """	return &Order{ID: id, UserID: userID, Status: OrderStatusPending, TotalAmount: total, Remark: remark, Items: items}""")
        t.read(P("internal/repo/order.go"))
        t.edit(P("internal/repo/order.go"), 'const orderColumns = "id, user_id, status, total_amount, created_at, updated_at"',
               'const orderColumns = "id, user_id, status, total_amount, remark, created_at, updated_at"')
        t.edit(P("internal/repo/order.go"), """		`INSERT INTO orders (id, user_id, status, total_amount, created_at, updated_at)
		 VALUES (:id, :user_id, :status, :total_amount, NOW(), NOW())`, o); err != nil {""",
               """		`INSERT INTO orders (id, user_id, status, total_amount, remark, created_at, updated_at)
		 VALUES (:id, :user_id, :status, :total_amount, :remark, NOW(), NOW())`, o); err != nil {""")
        t.read(P("internal/service/order.go"))
        t.edit(P("internal/service/order.go"), "	o := model.NewOrder(s.idgen(), req.GetUserId(), toModelItems(req.GetItems()))",
               "	o := model.NewOrder(s.idgen(), req.GetUserId(), toModelItems(req.GetItems()), req.GetRemark())")
        t.read(P("api/order/v1/order.proto"))
        t.edit(P("api/order/v1/order.proto"), """  string idempotency_key = 3;
}""", """  string idempotency_key = 3;
  string remark = 4;
}""")
        t.bash("make proto && go build ./... && go test ./internal/repo/... ./internal/service/...", "生成代码、编译并跑 repo/service 单测",
               out="buf generate\n" + go_ok([("internal/repo", "0.913s"), ("internal/service", "0.402s")]))
        t.done("""remark 字段加好了:

- 迁移 `000020_add_order_remark`(up 加列 `VARCHAR(255) NOT NULL DEFAULT ''`,down 删列),本地已 `make migrate-up`。
- `model.Order` 加 `Remark`,`NewOrder` 多一个 `remark` 参数;repo 的列清单和 INSERT 都带上了。
- proto `CreateOrderRequest` 加 `remark = 4`,service 透传。
- repo/service 单测通过。

中途有一次 Edit 失败:`internal/model/order.go` 被 GoLand 保存时重新格式化了,我重新读取后再改的。""")

        t = d.task("解释一下 internal/pkg/idgen 里的雪花算法,时钟回拨是怎么处理的?", tags=["noise"])
        t.read(P("internal/pkg/idgen/snowflake.go"))
        t.done("""ID 结构(共 63 位):`(毫秒时间戳 - epoch) << 22 | workerID << 12 | 序列号`

- epoch 是 2023-01-01,workerID 10 位(最多 1024 个实例),序列号 12 位(同一毫秒最多 4096 个)。
- 同一毫秒序列号用完时,自旋等到下一毫秒。
- 整个 `Next()` 加了 `sync.Mutex`,并发安全。

**时钟回拨**:
- 回拨 ≤ 5ms(`maxBackwards`):`time.Sleep` 等到追上上次时间戳再继续生成。
- 回拨 > 5ms:直接返回 `ErrClockBackwards`,不生成 ID,避免重复。

潜在问题:`lastMs` 只在内存里,进程重启后如果系统时间比重启前还早,检测不到回拨;一般靠 NTP 配置(slew 模式)规避。""")

        t = d.task("提交一下,commit message 用中文写就行。", tags=["pref:P3"])
        t.bash("git add -A && git status --short", "暂存全部改动", out="""M  api/order/v1/order.proto
M  internal/model/order.go
M  internal/repo/order.go
M  internal/service/order.go
A  migrations/000020_add_order_remark.down.sql
A  migrations/000020_add_order_remark.up.sql""")
        t.bash('git commit -m "订单支持买家备注 remark\n\n- orders 表新增 remark 列(迁移 000020)\n- CreateOrderRequest 增加 remark 字段"',
               "提交", out="""[feat/order-remark 3c9a1e7] 订单支持买家备注 remark
 6 files changed, 14 insertions(+), 5 deletions(-)
 create mode 100644 migrations/000020_add_order_remark.down.sql
 create mode 100644 migrations/000020_add_order_remark.up.sql""")
        t.done("已提交:`3c9a1e7 订单支持买家备注 remark`(6 个文件),还没 push。")

    # ============================================================== S3
    with d.session("2026-01-12T09:48:00", R, branch="feat/order-timeout-job", version="2.1.4"):
        t = d.task("拉了一下 main,proto 有更新,编译一下看看。", tags=["mistake:M3"])
        t.fail("go build ./...", "编译全部包", f"""# {MOD}/internal/service
internal/service/order.go:96:53: undefined: orderv1.ListOrdersByUserRequest
internal/service/order.go:96:88: undefined: orderv1.ListOrdersByUserReply
internal/service/order.go:108:19: undefined: orderv1.ListOrdersByUserReply""")
        t.bash("git diff --stat HEAD@{1} HEAD -- api/", "看一下 pull 进来的 proto 变更",
               out=""" api/order/v1/order.proto | 14 ++++++++++++++
 1 file changed, 14 insertions(+)""")
        t.say("proto 新增了 ListOrdersByUser,但 pb.go 是生成的且不入库,本地还是旧的。重新 make proto。")
        t.bash("make proto", "重新生成 pb 代码", out="buf generate")
        t.bash("go build ./...", "重新编译")
        t.done("编译通过。原因是同事在 `order.proto` 里加了 `ListOrdersByUser`,生成代码不入库,本地 pb.go 还是旧的,"
               "`make proto` 重新生成后就好了。")

        t = d.task("写一个定时任务:超过 30 分钟未支付的订单自动关闭,关单后释放库存。日志用 zap 的结构化字段,别用 "
                   "fmt.Sprintf 拼字符串。", tags=["pref:P2", "noise"])
        t.read(P("internal/conf/conf.go"))
        t.write(P("internal/job/close_expired.go"), """package job

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"gitlab.xmall-inc.com/trade/order-svc/internal/model"
	"gitlab.xmall-inc.com/trade/order-svc/internal/repo"
)

const batchSize = 200

type InventoryReleaser interface {
	Release(ctx context.Context, orderID int64) error
}

// CloseExpired 关闭超时未支付的订单。
type CloseExpired struct {
	repo      repo.OrderRepo
	inventory InventoryReleaser
	ttl       time.Duration
	log       *zap.Logger
	now       func() time.Time
}

func NewCloseExpired(r repo.OrderRepo, inv InventoryReleaser, ttl time.Duration, log *zap.Logger) *CloseExpired {
	return &CloseExpired{repo: r, inventory: inv, ttl: ttl, log: log, now: time.Now}
}

func (j *CloseExpired) RunOnce(ctx context.Context) (int, error) {
	ids, err := j.repo.ListExpiredPending(ctx, j.now().Add(-j.ttl), batchSize)
	if err != nil {
		return 0, fmt.Errorf("list expired pending orders: %w", err)
	}
	closed := 0
	for _, id := range ids {
		ok, err := j.repo.UpdateStatus(ctx, id, model.OrderStatusPending, model.OrderStatusCancelled)
		if err != nil {
			j.log.Error("close expired order failed", zap.Int64("order_id", id), zap.Error(err))
			continue
		}
		if !ok { // 期间已支付或已取消
			continue
		}
		if err := j.inventory.Release(ctx, id); err != nil {
			j.log.Warn("release inventory failed", zap.Int64("order_id", id), zap.Error(err))
		}
		closed++
	}
	j.log.Info("close expired orders done", zap.Int("scanned", len(ids)), zap.Int("closed", closed))
	return closed, nil
}
""")
        t.write(P("internal/job/close_expired_test.go"), """package job

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"

	"gitlab.xmall-inc.com/trade/order-svc/internal/model"
)

func TestCloseExpired_RunOnce(t *testing.T) {
	now := time.Date(2026, 1, 12, 10, 0, 0, 0, time.UTC)
	r := newFakeRepo(map[int64]*model.Order{
		1: {ID: 1, Status: model.OrderStatusPending, CreatedAt: now.Add(-31 * time.Minute)},
		2: {ID: 2, Status: model.OrderStatusPending, CreatedAt: now.Add(-29 * time.Minute)},
		3: {ID: 3, Status: model.OrderStatusPaid, CreatedAt: now.Add(-2 * time.Hour)},
	})
	inv := &fakeInventory{}
	j := NewCloseExpired(r, inv, 30*time.Minute, zap.NewNop())
	j.now = func() time.Time { return now }

	closed, err := j.RunOnce(context.Background())
	require.NoError(t, err)
	require.Equal(t, 1, closed)
	require.Equal(t, model.OrderStatusCancelled, r.orders[1].Status)
	require.Equal(t, model.OrderStatusPending, r.orders[2].Status)
	require.True(t, inv.released[1])
}
""")
        t.bash("go test ./internal/job/... -v", "运行 job 单测", out=f"""=== RUN   TestCloseExpired_RunOnce
--- PASS: TestCloseExpired_RunOnce (0.00s)
PASS
ok  \t{MOD}/internal/job\t0.012s""")
        t.done("""加了 `internal/job/close_expired.go`:

- `RunOnce` 查出创建时间早于 `now - ttl` 的 pending 订单(每批 200),逐个用条件更新 `pending → cancelled`,更新成功才释放库存,避免和支付回调并发时误关。
- 日志全部是 zap 结构化字段(`zap.Int64("order_id", id)` 等),没有 Sprintf。
- ttl 从构造函数传入,配置里已有 `job.pending_ttl`。
- repo 需要的 `ListExpiredPending` 接口已在 OrderRepo 里声明;单测用 fake repo,通过。

调度(每分钟跑一次)还没接到 main 里,需要的话我再加。""")

        t = d.task("跑一下 go test -race", tags=["oneoff:O1"])
        t.fail("go test -race ./internal/...", "带 race 检测运行单测", f"""==================
WARNING: DATA RACE
Write at 0x00c000126a50 by goroutine 23:
  runtime.mapassign_fast64()
      /usr/local/go/src/internal/runtime/maps/runtime_fast64.go:216 +0x0
  {MOD}/internal/pkg/ratelimit.(*Limiter).Allow()
      {R}/internal/pkg/ratelimit/limiter.go:32 +0x1a4
  {MOD}/internal/pkg/ratelimit.TestLimiter_Concurrent.func1()
      {R}/internal/pkg/ratelimit/limiter_test.go:41 +0x6c

Previous read at 0x00c000126a50 by goroutine 24:
  runtime.mapaccess2_fast64()
      /usr/local/go/src/internal/runtime/maps/runtime_fast64.go:86 +0x0
  {MOD}/internal/pkg/ratelimit.(*Limiter).Allow()
      {R}/internal/pkg/ratelimit/limiter.go:25 +0x84
  {MOD}/internal/pkg/ratelimit.TestLimiter_Concurrent.func1()
      {R}/internal/pkg/ratelimit/limiter_test.go:41 +0x6c

Goroutine 23 (running) created at:
  {MOD}/internal/pkg/ratelimit.TestLimiter_Concurrent()
      {R}/internal/pkg/ratelimit/limiter_test.go:39 +0x11c
  testing.tRunner()
      /usr/local/go/src/testing/testing.go:1690 +0x226
  testing.(*T).Run.gowrap1()
      /usr/local/go/src/testing/testing.go:1743 +0x44

Goroutine 24 (running) created at:
  {MOD}/internal/pkg/ratelimit.TestLimiter_Concurrent()
      {R}/internal/pkg/ratelimit/limiter_test.go:39 +0x11c
  testing.tRunner()
      /usr/local/go/src/testing/testing.go:1690 +0x226
  testing.(*T).Run.gowrap1()
      /usr/local/go/src/testing/testing.go:1743 +0x44
==================
--- FAIL: TestLimiter_Concurrent (0.01s)
    testing.go:1399: race detected during execution of test
FAIL
FAIL\t{MOD}/internal/pkg/ratelimit\t0.046s
ok  \t{MOD}/internal/job\t1.031s
ok  \t{MOD}/internal/model\t1.012s
ok  \t{MOD}/internal/pkg/idgen\t1.187s
ok  \t{MOD}/internal/repo\t1.904s
ok  \t{MOD}/internal/service\t1.455s
FAIL""")
        t.read(P("internal/pkg/ratelimit/limiter.go"))
        t.say("Limiter 的两个 map 在多个 goroutine 里读写,没有任何锁。加一把 sync.Mutex 保护 Allow。")
        t.edit(P("internal/pkg/ratelimit/limiter.go"), """import "time"
""", """import (
	"sync"
	"time"
)
""")
        t.edit(P("internal/pkg/ratelimit/limiter.go"), """type Limiter struct {
	rate     float64 // 每秒补充的令牌数""", """type Limiter struct {
	mu       sync.Mutex
	rate     float64 // 每秒补充的令牌数""")
        t.edit(P("internal/pkg/ratelimit/limiter.go"), """func (l *Limiter) Allow(userID int64) bool {
	now := time.Now()""", """func (l *Limiter) Allow(userID int64) bool {
	l.mu.Lock()
	defer l.mu.Unlock()

	now := time.Now()""")
        t.bash("go test -race ./internal/...", "重新带 race 检测运行", out=go_ok([
            ("internal/conf", None), ("internal/job", "1.029s"), ("internal/model", "1.010s"), ("internal/pkg/idgen", "1.183s"),
            ("internal/pkg/ratelimit", "1.061s"), ("internal/repo", "1.897s"), ("internal/server", None), ("internal/service", "1.449s")]))
        t.done("race 修好了:`ratelimit.Limiter` 的 `tokens`/`lastSeen` 两个 map 在并发调用 `Allow` 时无锁读写。加了 `sync.Mutex`,"
               "`Allow` 整体加锁(临界区很短,性能影响可以忽略)。`go test -race ./internal/...` 全部通过。")

    # ============================================================== S4
    with d.session("2026-01-15T15:20:00", R, branch="feat/order-timeout-job", version="2.1.6"):
        t = d.task("close_expired 的批量大小改成可配置,从 config 的 job 段里读,默认还是 200。", tags=["mistake:M2"])
        t.read(P("internal/conf/conf.go"))
        t.edit(P("internal/conf/conf.go"), """		PendingTTL           time.Duration `yaml:"pending_ttl"`
	} `yaml:"job"`""", """		PendingTTL           time.Duration `yaml:"pending_ttl"`
		CloseBatchSize       int           `yaml:"close_batch_size"`
	} `yaml:"job"`""")
        t.read(P("internal/job/close_expired.go"))
        t.edit(P("internal/job/close_expired.go"), """	ttl       time.Duration
	log       *zap.Logger""", """	ttl       time.Duration
	closeBatchSize int
	log       *zap.Logger""")
        # GoLand runs gofmt on save and re-aligns the whole struct
        d.files[P("internal/job/close_expired.go")] = d.files[P("internal/job/close_expired.go")].replace("""	repo      repo.OrderRepo
	inventory InventoryReleaser
	ttl       time.Duration
	closeBatchSize int
	log       *zap.Logger
	now       func() time.Time""", """	repo           repo.OrderRepo
	inventory      InventoryReleaser
	ttl            time.Duration
	closeBatchSize int
	log            *zap.Logger
	now            func() time.Time""")
        ctor_old = """func NewCloseExpired(r repo.OrderRepo, inv InventoryReleaser, ttl time.Duration, log *zap.Logger) *CloseExpired {
	return &CloseExpired{repo: r, inventory: inv, ttl: ttl, log: log, now: time.Now}
}"""
        ctor_new = """func NewCloseExpired(r repo.OrderRepo, inv InventoryReleaser, ttl time.Duration, size int, log *zap.Logger) *CloseExpired {
	if size <= 0 {
		size = batchSize
	}
	return &CloseExpired{repo: r, inventory: inv, ttl: ttl, closeBatchSize: size, log: log, now: time.Now}
}"""
        t.edit_stale(P("internal/job/close_expired.go"), ctor_old, ctor_new)
        t.say("文件在上次读取后被改过了(GoLand 保存时 gofmt 重新对齐了 struct 字段),重新读取再改。")
        t.read(P("internal/job/close_expired.go"))
        t.edit(P("internal/job/close_expired.go"), ctor_old, ctor_new)
        t.edit(P("internal/job/close_expired.go"), "j.now().Add(-j.ttl), batchSize)", "j.now().Add(-j.ttl), j.closeBatchSize)")
        t.read(P("internal/job/close_expired_test.go"))
        t.edit(P("internal/job/close_expired_test.go"), "j := NewCloseExpired(r, inv, 30*time.Minute, zap.NewNop())",
               "j := NewCloseExpired(r, inv, 30*time.Minute, 0, zap.NewNop())")
        t.bash("go build ./... && go test ./internal/job/... ./internal/conf/...", "编译并跑 job 单测",
               out=go_ok([("internal/job", "0.011s"), ("internal/conf", None)]))
        t.done("批量大小现在读 `job.close_batch_size`,`NewCloseExpired` 多了 `size` 参数,`<= 0` 时回落到默认的 200。"
               "编译和单测通过。中间一次 Edit 因为文件被 GoLand 格式化过而失败,重新读取后再改的。")

        t = d.task("发个版本 v1.8.0:更新 CHANGELOG,打 tag,推上去。", tags=["workflow:W3"])
        t.bash("git log --oneline v1.7.2..HEAD", "查看上个版本以来的提交", out="""e5b0c13 关单任务批量大小可配置
9f2d7a4 修复限流器并发读写 map 的 data race
c71e8d2 新增超时未支付订单自动关闭任务
3c9a1e7 订单支持买家备注 remark
a08f4b9 新增 CancelOrder 接口
5d1e2c0 go.sum 补齐 go-redis""")
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), """## [Unreleased]
""", """## [Unreleased]

## [1.8.0] - 2026-01-15
### Added
- `CancelOrder` 接口:仅 pending 订单可取消,取消后释放库存
- 订单买家备注 `remark`(迁移 000020)
- 超时未支付订单自动关闭任务,批量大小可通过 `job.close_batch_size` 配置

### Fixed
- 限流器并发读写 map 的 data race
""")
        t.bash('git add CHANGELOG.md && git commit -m "发布 v1.8.0" && git tag -a v1.8.0 -m "v1.8.0"', "提交 CHANGELOG 并打 tag",
               out="""[feat/order-timeout-job 0b4d6f1] 发布 v1.8.0
 1 file changed, 11 insertions(+)""")
        t.bash("git push origin HEAD && git push origin v1.8.0", "推送分支和 tag", err=f"""Enumerating objects: 5, done.
Counting objects: 100% (5/5), done.
Delta compression using up to 16 threads
Compressing objects: 100% (3/3), done.
Writing objects: 100% (3/3), 701 bytes | 701.00 KiB/s, done.
Total 3 (delta 2), reused 0 (delta 0), pack-reused 0 (from 0)
To {ORIGIN}
   e5b0c13..0b4d6f1  HEAD -> feat/order-timeout-job
""" + tag_push("v1.8.0"))
        t.done("v1.8.0 已发布:CHANGELOG 加了 1.8.0 段(Added 3 条、Fixed 1 条),提交 `0b4d6f1`,annotated tag `v1.8.0` 已推到 origin。"
               "注意现在 tag 打在 `feat/order-timeout-job` 分支上,MR 合进 main 之前 CI 的发布流水线会基于这个 tag 跑。")

        t = d.task("context.WithTimeout 和 WithDeadline 有什么区别?我们关单 job 里应该用哪个?", tags=["noise", "no_tools"])
        t.done("""本质一样:`WithTimeout(ctx, d)` 就是 `WithDeadline(ctx, time.Now().Add(d))`。区别只在表达方式:

- `WithTimeout`:给"这次操作最多跑多久",相对时间。
- `WithDeadline`:给"必须在某个时刻前结束",绝对时间,适合多个步骤共享同一个截止时间。

关单 job 建议每一轮 `RunOnce` 用 `context.WithTimeout(ctx, 50*time.Second)`(小于调度间隔 1 分钟),避免一轮没跑完下一轮又开始;记得 `defer cancel()`。""")

    # ============================================================== S5
    with d.session("2026-01-19T10:15:00", R, branch="feat/coupon", version="2.1.7", end_reason="other"):
        t = d.task("金额计算要改用 decimal,引入 shopspring/decimal,把 pricing.go 里的折扣计算改掉,别再用 float64。",
                   tags=["flaky:F1", "noise"])
        t.fail("go get github.com/shopspring/decimal@v1.4.0", "添加 decimal 依赖",
               'go: github.com/shopspring/decimal@v1.4.0: Get "https://goproxy.cn/github.com/shopspring/decimal/@v/v1.4.0.info": dial tcp 106.75.199.137:443: i/o timeout')
        t.say("goproxy.cn 连接超时,网络抖动,重试一次。")
        t.bash("go get github.com/shopspring/decimal@v1.4.0", "重试添加 decimal 依赖",
               err="go: downloading github.com/shopspring/decimal v1.4.0\ngo: added github.com/shopspring/decimal v1.4.0")
        d.files[P("internal/service/pricing.go")] = """package service

import "math"

// applyDiscount 返回折后金额(分)。rate 例如 0.85 表示 85 折。
func applyDiscount(amount int64, rate float64) int64 {
	return int64(math.Round(float64(amount) * rate))
}

// splitAmount 按权重把优惠金额分摊到每个商品行(分),余数给最后一行。
func splitAmount(total int64, weights []int64) []int64 {
	var sum int64
	for _, w := range weights {
		sum += w
	}
	out := make([]int64, len(weights))
	var used int64
	for i, w := range weights {
		if i == len(weights)-1 {
			out[i] = total - used
			break
		}
		out[i] = int64(float64(total) * float64(w) / float64(sum))
		used += out[i]
	}
	return out
}
"""
        t.read(P("internal/service/pricing.go"))
        t.write(P("internal/service/pricing.go"), """package service

import "github.com/shopspring/decimal"

// applyDiscount 返回折后金额(分),四舍五入到分。rate 例如 "0.85" 表示 85 折。
func applyDiscount(amount int64, rate decimal.Decimal) int64 {
	return decimal.NewFromInt(amount).Mul(rate).Round(0).IntPart()
}

// splitAmount 按权重把优惠金额分摊到每个商品行(分),向下取整,余数给最后一行。
func splitAmount(total int64, weights []int64) []int64 {
	sum := decimal.Zero
	for _, w := range weights {
		sum = sum.Add(decimal.NewFromInt(w))
	}
	out := make([]int64, len(weights))
	if sum.IsZero() {
		return out
	}
	t := decimal.NewFromInt(total)
	var used int64
	for i, w := range weights {
		if i == len(weights)-1 {
			out[i] = total - used
			break
		}
		out[i] = t.Mul(decimal.NewFromInt(w)).Div(sum).Floor().IntPart()
		used += out[i]
	}
	return out
}
""")
        t.grep("applyDiscount\\(", output_mode="content", path=P("internal"), **{"-n": True}, content=f"""{R}/internal/service/pricing.go:6:func applyDiscount(amount int64, rate decimal.Decimal) int64 {{
{R}/internal/service/coupon.go:71:	discounted := applyDiscount(o.TotalAmount, c.Rate)
{R}/internal/service/pricing_test.go:12:		{{"85折", 10000, 0.85, 8500}},""")
        t.bash("go build ./... && go test ./internal/service/... -run 'Discount|Split'", "编译并跑金额相关单测",
               out=go_ok([("internal/service", "0.377s")]))
        t.done("""改好了:

- `go get github.com/shopspring/decimal@v1.4.0`(第一次 goproxy.cn 超时,重试成功)。
- `applyDiscount` 的折扣率改成 `decimal.Decimal`,`Mul` 后 `Round(0)` 到分;`splitAmount` 用 decimal 做按权重分摊,向下取整、余数给最后一行,另外处理了权重和为 0 的情况。
- 唯一的调用方 `coupon.go` 里 `c.Rate` 已经是 `decimal.Decimal`,编译通过,金额相关单测通过。""")

        t = d.task("加一个 ApplyCoupon 接口:校验优惠券是否属于该用户、是否过期、是否满足门槛,然后写订单的优惠金额。"
                   "另外 error 不要裸返回,wrap 一下,%w。", tags=["workflow:W1", "pref:P1"])
        d.files[P("api/coupon/v1/coupon.proto")] = """syntax = "proto3";

package coupon.v1;

import "google/api/annotations.proto";

option go_package = "gitlab.xmall-inc.com/trade/order-svc/api/coupon/v1;couponv1";

service CouponService {
  rpc GetCoupon(GetCouponRequest) returns (Coupon) {
    option (google.api.http) = {get: "/v1/coupons/{coupon_id}"};
  }
}

message Coupon {
  int64 coupon_id = 1;
  int64 user_id = 2;
  string rate = 3;        // 折扣率,decimal 字符串,如 "0.85"
  int64 threshold = 4;    // 门槛,单位:分
  int64 expires_at = 5;   // unix 秒
  bool used = 6;
}

message GetCouponRequest {
  int64 coupon_id = 1;
}
"""
        t.read(P("api/coupon/v1/coupon.proto"))
        t.edit(P("api/coupon/v1/coupon.proto"), """  rpc GetCoupon(GetCouponRequest) returns (Coupon) {
    option (google.api.http) = {get: "/v1/coupons/{coupon_id}"};
  }
}""", """  rpc GetCoupon(GetCouponRequest) returns (Coupon) {
    option (google.api.http) = {get: "/v1/coupons/{coupon_id}"};
  }
  rpc ApplyCoupon(ApplyCouponRequest) returns (ApplyCouponReply) {
    option (google.api.http) = {
      post: "/v1/orders/{order_id}:applyCoupon"
      body: "*"
    };
  }
}""")
        t.edit(P("api/coupon/v1/coupon.proto"), """message GetCouponRequest {
  int64 coupon_id = 1;
}
""", """message GetCouponRequest {
  int64 coupon_id = 1;
}

message ApplyCouponRequest {
  int64 order_id = 1;
  int64 coupon_id = 2;
  int64 user_id = 3;
}

message ApplyCouponReply {
  int64 discount_amount = 1; // 单位:分
  int64 pay_amount = 2;      // 单位:分
}
""")
        t.bash("make proto", "重新生成 pb 代码", out="buf generate")
        d.files[P("internal/service/coupon.go")] = """package service

import (
	"context"
	"time"

	"go.uber.org/zap"

	couponv1 "gitlab.xmall-inc.com/trade/order-svc/api/coupon/v1"
	"gitlab.xmall-inc.com/trade/order-svc/internal/repo"
)

type CouponService struct {
	couponv1.UnimplementedCouponServiceServer

	coupons repo.CouponRepo
	orders  repo.OrderRepo
	now     func() time.Time
	log     *zap.Logger
}

func (s *CouponService) GetCoupon(ctx context.Context, req *couponv1.GetCouponRequest) (*couponv1.Coupon, error) {
	c, err := s.coupons.Get(ctx, req.GetCouponId())
	if err != nil {
		return nil, err
	}
	return toCouponProto(c), nil
}
"""
        t.read(P("internal/service/coupon.go"))
        t.edit(P("internal/service/coupon.go"), """	return toCouponProto(c), nil
}
""", """	return toCouponProto(c), nil
}

func (s *CouponService) ApplyCoupon(ctx context.Context, req *couponv1.ApplyCouponRequest) (*couponv1.ApplyCouponReply, error) {
	c, err := s.coupons.Get(ctx, req.GetCouponId())
	if errors.Is(err, repo.ErrNotFound) {
		return nil, status.Error(codes.NotFound, "coupon not found")
	}
	if err != nil {
		return nil, fmt.Errorf("apply coupon: get coupon %d: %w", req.GetCouponId(), err)
	}
	o, err := s.orders.Get(ctx, req.GetOrderId())
	if err != nil {
		return nil, fmt.Errorf("apply coupon: get order %d: %w", req.GetOrderId(), err)
	}
	switch {
	case c.UserID != req.GetUserId() || o.UserID != req.GetUserId():
		return nil, status.Error(codes.PermissionDenied, "coupon does not belong to user")
	case c.Used:
		return nil, status.Error(codes.FailedPrecondition, "coupon already used")
	case !s.now().Before(c.ExpiresAt):
		return nil, status.Error(codes.FailedPrecondition, "coupon expired")
	case o.TotalAmount < c.Threshold:
		return nil, status.Error(codes.FailedPrecondition, "order amount below coupon threshold")
	}
	pay := applyDiscount(o.TotalAmount, c.Rate)
	discount := o.TotalAmount - pay
	if err := s.coupons.Redeem(ctx, c.ID, o.ID, discount); err != nil {
		return nil, fmt.Errorf("apply coupon: redeem coupon %d on order %d: %w", c.ID, o.ID, err)
	}
	s.log.Info("coupon applied", zap.Int64("coupon_id", c.ID), zap.Int64("order_id", o.ID), zap.Int64("discount", discount))
	return &couponv1.ApplyCouponReply{DiscountAmount: discount, PayAmount: pay}, nil
}
""")
        t.edit(P("internal/service/coupon.go"), """import (
	"context"
	"time"

	"go.uber.org/zap"
""", """import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
""")
        t.write(P("internal/service/coupon_test.go"), """package service

import (
	"context"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	couponv1 "gitlab.xmall-inc.com/trade/order-svc/api/coupon/v1"
	"gitlab.xmall-inc.com/trade/order-svc/internal/model"
)

func TestApplyCoupon(t *testing.T) {
	now := time.Date(2026, 1, 19, 12, 0, 0, 0, time.Local)
	base := model.Coupon{ID: 9, UserID: 7, Rate: decimal.RequireFromString("0.85"), Threshold: 5000, ExpiresAt: now.Add(time.Hour)}
	tests := []struct {
		name         string
		mutate       func(c *model.Coupon)
		orderAmount  int64
		wantCode     codes.Code
		wantDiscount int64
	}{
		{name: "正常核销", orderAmount: 10000, wantCode: codes.OK, wantDiscount: 1500},
		{name: "不是本人的券", mutate: func(c *model.Coupon) { c.UserID = 8 }, orderAmount: 10000, wantCode: codes.PermissionDenied},
		{name: "已使用", mutate: func(c *model.Coupon) { c.Used = true }, orderAmount: 10000, wantCode: codes.FailedPrecondition},
		{name: "已过期", mutate: func(c *model.Coupon) { c.ExpiresAt = now }, orderAmount: 10000, wantCode: codes.FailedPrecondition},
		{name: "不满门槛", orderAmount: 4999, wantCode: codes.FailedPrecondition},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := base
			if tt.mutate != nil {
				tt.mutate(&c)
			}
			s := &CouponService{
				coupons: newFakeCouponRepo(&c),
				orders:  newFakeRepoWith(&model.Order{ID: 42, UserID: 7, TotalAmount: tt.orderAmount}),
				now:     func() time.Time { return now },
				log:     zap.NewNop(),
			}
			reply, err := s.ApplyCoupon(context.Background(), &couponv1.ApplyCouponRequest{OrderId: 42, CouponId: 9, UserId: 7})
			require.Equal(t, tt.wantCode, status.Code(err))
			if tt.wantCode == codes.OK {
				require.Equal(t, tt.wantDiscount, reply.GetDiscountAmount())
				require.Equal(t, tt.orderAmount-tt.wantDiscount, reply.GetPayAmount())
			}
		})
	}
}
""")
        t.bash("go test ./internal/service/... -run TestApplyCoupon -v", "运行 ApplyCoupon 单测", out=f"""=== RUN   TestApplyCoupon
=== RUN   TestApplyCoupon/正常核销
=== RUN   TestApplyCoupon/不是本人的券
=== RUN   TestApplyCoupon/已使用
=== RUN   TestApplyCoupon/已过期
=== RUN   TestApplyCoupon/不满门槛
--- PASS: TestApplyCoupon (0.00s)
    --- PASS: TestApplyCoupon/正常核销 (0.00s)
    --- PASS: TestApplyCoupon/不是本人的券 (0.00s)
    --- PASS: TestApplyCoupon/已使用 (0.00s)
    --- PASS: TestApplyCoupon/已过期 (0.00s)
    --- PASS: TestApplyCoupon/不满门槛 (0.00s)
PASS
ok  \t{MOD}/internal/service\t0.402s""")
        t.done("""`ApplyCoupon` 完成:

- proto:`POST /v1/orders/{order_id}:applyCoupon`,返回优惠金额和应付金额,已 `make proto`。
- 校验顺序:券存在 → 归属本人(券和订单的 user 都要对上)→ 未使用 → 未过期 → 满足门槛,分别返回对应的 gRPC code。
- 金额用刚改好的 decimal 版 `applyDiscount` 计算,`Redeem` 负责把券标记已用并写订单优惠金额。
- 所有内部错误都用 `fmt.Errorf("apply coupon: ...: %w", err)` 包装;顺手把 `GetCoupon` 里那个裸 `return nil, err` 留着没动,要不要一起改?
- 表驱动单测 5 个 case 通过。""")

        t = d.task("跑一下 lint", tags=["oneoff:O2"])
        d.files[P("internal/repo/coupon.go")] = """package repo

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

func (r *couponRepo) Redeem(ctx context.Context, couponID, orderID, discount int64) error {
	tx, err := r.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	res, err := tx.ExecContext(ctx, "UPDATE coupons SET used = 1 WHERE id = ? AND used = 0", couponID)
	if err != nil {
		tx.Rollback()
		return fmt.Errorf("mark coupon %d used: %w", couponID, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		tx.Rollback()
		return ErrCouponUsed
	}
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET discount_amount = ? WHERE id = ?", discount, orderID); err != nil {
		tx.Rollback()
		return fmt.Errorf("set discount on order %d: %w", orderID, err)
	}
	return tx.Commit()
}
"""
        t.fail("make lint", "运行 golangci-lint", """golangci-lint run ./...
internal/repo/coupon.go:17:14: Error return value of `tx.Rollback` is not checked (errcheck)
		tx.Rollback()
		           ^
internal/repo/coupon.go:21:14: Error return value of `tx.Rollback` is not checked (errcheck)
		tx.Rollback()
		           ^
internal/repo/coupon.go:25:14: Error return value of `tx.Rollback` is not checked (errcheck)
		tx.Rollback()
		           ^
3 issues:
* errcheck: 3
make: *** [Makefile:31: lint] Error 1""", code=2)
        t.read(P("internal/repo/coupon.go"))
        t.say("三处都是 Rollback 没检查返回值。改成 `defer tx.Rollback()` 统一处理(Commit 之后再 Rollback 会返回 sql.ErrTxDone,可以忽略),和 order.go 的写法保持一致。")
        t.write(P("internal/repo/coupon.go"), d.files[P("internal/repo/coupon.go")].replace(
            """		return fmt.Errorf("begin tx: %w", err)
	}
""", """		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // Commit 之后 Rollback 返回 ErrTxDone,忽略即可
""").replace("		tx.Rollback()\n", ""))
        t.bash("make lint", "重新运行 lint", out="golangci-lint run ./...\n0 issues.")
        t.bash("go test ./internal/repo/...", "跑 repo 单测", out=go_ok([("internal/repo", "0.931s")]))
        t.done("lint 干净了。问题是 `internal/repo/coupon.go` 的 `Redeem` 里 3 处 `tx.Rollback()` 没检查返回值(errcheck),"
               "改成开头 `defer tx.Rollback()`,和 `order.go` 一致。repo 单测通过。")

    # ============================================================== S6 (long, compacts)
    with d.session("2026-01-22T10:40:00", R, branch="feat/coupon", version="2.1.9"):
        t = d.task("rebase 了一下 main,go vet 报错了,看看怎么回事", tags=["mistake:M1"])
        t.fail("go vet ./...", "运行 go vet", gosum_missing("internal/service/batch.go", 7, "golang.org/x/sync/errgroup", "internal/service"))
        t.say("又是 go.sum 缺条目:main 上新加的 `internal/service/batch.go` 用了 errgroup,go.sum 没同步。go mod tidy。")
        t.bash("go mod tidy", "补齐 go.sum", err="go: downloading golang.org/x/sync v0.10.0")
        t.bash("go vet ./...", "重新运行 go vet")
        t.bash("go test ./internal/service/...", "顺便跑一下 service 单测", out=go_ok([("internal/service", "0.451s")]))
        t.done("`go vet` 通过了。原因还是 `missing go.sum entry`(这次是 `golang.org/x/sync/errgroup`,来自 main 上新增的 "
               "`internal/service/batch.go`),`go mod tidy` 之后 go.sum 多了两行,需要一起提交。")

        t = d.task("coupons 表加一个 used_at 字段(可空 datetime),核销的时候写进去。", tags=["workflow:W2"])
        t.bash("migrate create -ext sql -dir migrations -seq add_coupon_used_at", "创建迁移文件",
               out=f"{R}/migrations/000021_add_coupon_used_at.up.sql\n{R}/migrations/000021_add_coupon_used_at.down.sql")
        d.files[P("migrations/000021_add_coupon_used_at.up.sql")] = ""
        d.files[P("migrations/000021_add_coupon_used_at.down.sql")] = ""
        t.read(P("migrations/000021_add_coupon_used_at.up.sql"))
        t.write(P("migrations/000021_add_coupon_used_at.up.sql"),
                "ALTER TABLE coupons ADD COLUMN used_at DATETIME NULL DEFAULT NULL COMMENT '核销时间' AFTER used;\n")
        t.read(P("migrations/000021_add_coupon_used_at.down.sql"))
        t.write(P("migrations/000021_add_coupon_used_at.down.sql"), "ALTER TABLE coupons DROP COLUMN used_at;\n")
        t.bash("make migrate-up", "执行迁移", out=migrate_up(21, "add_coupon_used_at", "38.9051"))
        t.read(P("internal/repo/coupon.go"))
        t.edit(P("internal/repo/coupon.go"), '"UPDATE coupons SET used = 1 WHERE id = ? AND used = 0"',
               '"UPDATE coupons SET used = 1, used_at = NOW() WHERE id = ? AND used = 0"')
        t.bash("go test ./internal/repo/...", "跑 repo 单测", out=go_ok([("internal/repo", "0.958s")]))
        t.done("迁移 `000021_add_coupon_used_at` 已创建并在本地执行(`used_at DATETIME NULL`),`Redeem` 里核销时写 `used_at = NOW()`。repo 单测通过。")

        t = d.task("golang-migrate 的 dirty 状态是怎么回事?出现了应该怎么处理?查一下文档,别凭印象说。", tags=["noise", "webfetch"])
        t.webfetch("https://github.com/golang-migrate/migrate/blob/master/GETTING_STARTED.md",
                   "What does a dirty database version mean in golang-migrate and how should it be fixed?",
                   """**Forcing your database version**

In case you run a migration that contained an error, migrate will not let you run other migrations on the same database. You will see an error like `Dirty database version 1. Fix and force version`, even when you fix the erred migration. This means your database was marked as 'dirty'.

You need to investigate the migration error - was your migration applied partially, or was it not applied at all? Once you know, you should force your database to a version reflecting its real state. You can do so with the `force` command:

```
migrate -path PATH_TO_YOUR_MIGRATIONS -database YOUR_DATABASE_URL force VERSION
```

Once you force the version and your migration was fixed, your database is 'clean' again and you can proceed with your migrations.

For details see FAQ. Also note that migrations should be written so that they can be run in a transaction where the database supports it (Postgres); MySQL does not support transactional DDL, so a failed multi-statement migration can leave it partially applied.""")
        t.done("""按官方文档:

- **dirty 是什么**:某个迁移执行出错后,migrate 会把 `schema_migrations` 里该版本标记为 dirty,之后拒绝再执行任何迁移,报 `Dirty database version N. Fix and force version`。
- **怎么处理**:
  1. 先确认第 N 个迁移到底执行了多少——MySQL 的 DDL 不支持事务,多语句迁移可能只执行了一半。
  2. 手动把库修到一个确定的状态(补完剩下的语句,或者回滚已执行的部分)。
  3. 用 `migrate ... force VERSION` 把版本设成和真实状态一致:已完整执行就 `force N`,完全没执行就 `force N-1`。
  4. 修好迁移文件后再 `up`。

对我们来说:尽量一个迁移文件只放一条 DDL,出问题时最好判断。""")

        d.precompact("""Analysis: 张磊在 order-svc(Go,gRPC + grpc-gateway,buf,sqlx/MySQL,golang-migrate)的 feat/coupon 分支上工作。
Summary:
1. rebase main 后 go vet 报 missing go.sum entry(golang.org/x/sync/errgroup),go mod tidy 解决。
2. 新增迁移 000021_add_coupon_used_at,Redeem 核销时写 used_at = NOW(),repo 单测通过。
3. 查了 golang-migrate 文档关于 dirty 状态的处理(force VERSION)。
之前:ApplyCoupon 接口已完成(error 用 %w 包装),lint errcheck 已修复,金额计算改为 shopspring/decimal。
用户偏好:错误要 fmt.Errorf + %w 包装;日志用 zap 结构化字段;commit message 用中文。""")

        t = d.task("ApplyCoupon 里面那一串校验抽成一个函数 validateCoupon,方便复用。", tags=["mistake:M2"])
        t.read(P("internal/service/coupon.go"))
        t.edit(P("internal/service/coupon.go"), """	pay := applyDiscount(o.TotalAmount, c.Rate)""", """	if err := validateCoupon(c, o, req.GetUserId(), s.now()); err != nil {
		return nil, err
	}
	pay := applyDiscount(o.TotalAmount, c.Rate)""")
        # meanwhile the user tweaks a log message in the IDE and saves
        d.files[P("internal/service/coupon.go")] = d.files[P("internal/service/coupon.go")].replace(
            's.log.Info("coupon applied",', 's.log.Info("coupon redeemed",')
        old_switch = """	switch {
	case c.UserID != req.GetUserId() || o.UserID != req.GetUserId():
		return nil, status.Error(codes.PermissionDenied, "coupon does not belong to user")
	case c.Used:
		return nil, status.Error(codes.FailedPrecondition, "coupon already used")
	case !s.now().Before(c.ExpiresAt):
		return nil, status.Error(codes.FailedPrecondition, "coupon expired")
	case o.TotalAmount < c.Threshold:
		return nil, status.Error(codes.FailedPrecondition, "order amount below coupon threshold")
	}
"""
        t.edit_stale(P("internal/service/coupon.go"), old_switch, "")
        t.say("文件在我读取之后被外部修改过(IDE 里保存过),先重新读取。")
        t.read(P("internal/service/coupon.go"))
        t.edit(P("internal/service/coupon.go"), old_switch, "")
        t.edit(P("internal/service/coupon.go"), """	return &couponv1.ApplyCouponReply{DiscountAmount: discount, PayAmount: pay}, nil
}
""", """	return &couponv1.ApplyCouponReply{DiscountAmount: discount, PayAmount: pay}, nil
}

// validateCoupon 校验优惠券能否用于该订单,返回 gRPC status error。
func validateCoupon(c *model.Coupon, o *model.Order, userID int64, now time.Time) error {
	switch {
	case c.UserID != userID || o.UserID != userID:
		return status.Error(codes.PermissionDenied, "coupon does not belong to user")
	case c.Used:
		return status.Error(codes.FailedPrecondition, "coupon already used")
	case !now.Before(c.ExpiresAt):
		return status.Error(codes.FailedPrecondition, "coupon expired")
	case o.TotalAmount < c.Threshold:
		return status.Error(codes.FailedPrecondition, "order amount below coupon threshold")
	}
	return nil
}
""")
        t.edit(P("internal/service/coupon.go"), """	couponv1 "gitlab.xmall-inc.com/trade/order-svc/api/coupon/v1"
	"gitlab.xmall-inc.com/trade/order-svc/internal/repo"
""", """	couponv1 "gitlab.xmall-inc.com/trade/order-svc/api/coupon/v1"
	"gitlab.xmall-inc.com/trade/order-svc/internal/model"
	"gitlab.xmall-inc.com/trade/order-svc/internal/repo"
""")
        t.bash("go build ./... && go test ./internal/service/... -run TestApplyCoupon", "编译并跑 ApplyCoupon 单测",
               out=go_ok([("internal/service", "0.396s")]))
        t.done("抽出了 `validateCoupon(c, o, userID, now) error`,`ApplyCoupon` 里调用它;行为不变,单测通过。"
               "中间 Edit 失败一次是因为文件在 IDE 里被保存过(日志文案改成了 `coupon redeemed`),重新读取后在最新内容上改的。")

        t = d.task("帮我写一下这个 MR 的描述,要合到 main 的。", tags=["noise", "no_tools"])
        t.done("""## 背景
营销侧要求订单支持优惠券核销,同时金额计算存在 float64 精度问题(个别折扣四舍五入差 1 分),需要一起处理。

## 改动内容
### 1. 新增 ApplyCoupon 接口
- proto:`coupon.v1.CouponService/ApplyCoupon`,HTTP `POST /v1/orders/{order_id}:applyCoupon`
- 校验顺序:券存在 → 券和订单都属于当前用户 → 未使用 → 未过期 → 满足门槛
- 校验逻辑抽成 `validateCoupon`,方便后续购物车试算复用
- 内部错误统一 `fmt.Errorf(... %w)` 包装,业务错误返回对应 gRPC code

### 2. 金额计算改用 shopspring/decimal
- `applyDiscount` 折扣率改为 `decimal.Decimal`,四舍五入到分
- `splitAmount` 按权重分摊,向下取整,余数给最后一行;处理权重和为 0

### 3. 数据库
- 迁移 `000021_add_coupon_used_at`:`coupons.used_at DATETIME NULL`
- `Redeem` 在事务中标记已用、写 `used_at`、写订单优惠金额

### 4. 其他
- `repo/coupon.go` 的 errcheck 问题(Rollback 未检查)改为 `defer tx.Rollback()`
- go.sum 补齐 `golang.org/x/sync`

## 测试
- 单测:`TestApplyCoupon` 5 个 case;金额计算相关单测
- `go test -race ./internal/...`、`make lint` 通过
- 本地执行迁移 up/down 验证

## 上线注意
- 先执行迁移 000021 再发版
- 需要营销后台同步上线券的门槛配置

## 回滚方案
- 代码回滚到 v1.8.0;迁移 down 删除 `used_at` 列(无数据依赖)""")

        t = d.task("太长了,我删了一半才贴上去。以后 MR 描述三五行就够了,reviewer 不看这么多。", tags=["feedback", "no_tools"],
                   feedback="太长了,我删了一半才贴上去。以后 MR 描述三五行就够了")
        t.done("""明白,以后 MR 描述控制在三五行。这次的精简版:

- 新增 `ApplyCoupon`(归属/已用/过期/门槛校验,抽出 `validateCoupon`)
- 金额计算改用 `shopspring/decimal`,修复 1 分误差
- 迁移 000021:`coupons.used_at`,需先于发版执行
- 单测、race、lint 均通过""")

    # ============================================================== S7
    with d.session("2026-01-27T09:30:00", R, branch="main", version="2.1.11"):
        t = d.task("pull 了一下,同事改了 coupon.proto,跑下测试", tags=["mistake:M3"])
        t.fail("go test ./internal/...", "运行 internal 下全部单测", f"""# {MOD}/internal/service [{MOD}/internal/service.test]
internal/service/coupon.go:118:62: undefined: couponv1.ListUserCouponsRequest
internal/service/coupon.go:118:97: undefined: couponv1.ListUserCouponsReply
internal/service/coupon.go:126:21: undefined: couponv1.ListUserCouponsReply
ok  \t{MOD}/internal/job\t0.012s
ok  \t{MOD}/internal/model\t0.005s
ok  \t{MOD}/internal/pkg/idgen\t0.129s
ok  \t{MOD}/internal/pkg/ratelimit\t0.018s
ok  \t{MOD}/internal/repo\t0.861s
FAIL\t{MOD}/internal/service [build failed]
FAIL""")
        t.say("service 编译失败,`couponv1.ListUserCoupons*` 未定义——同事在 coupon.proto 里加了新 rpc,本地生成代码是旧的。先 make proto。")
        t.bash("make proto", "重新生成 pb 代码", out="buf generate")
        t.bash("go test ./internal/...", "重新运行单测", out=go_ok([
            ("internal/conf", None), ("internal/job", "0.011s"), ("internal/model", "0.005s"), ("internal/pkg/idgen", "0.130s"),
            ("internal/pkg/ratelimit", "0.019s"), ("internal/repo", "0.874s"), ("internal/server", None), ("internal/service", "0.463s")]))
        t.done("全部通过。失败是因为 pb.go 过期(同事在 `coupon.proto` 加了 `ListUserCoupons`),`make proto` 后就好了。")

        t = d.task("发 v1.9.0", tags=["workflow:W3"])
        t.bash("git log --oneline v1.8.0..HEAD", "查看 v1.8.0 以来的提交", out="""7a13c9e Merge branch 'feat/coupon' into 'main'
f2c0e58 抽出 validateCoupon
d94b1a6 优惠券核销记录 used_at
be3f07c 新增 ApplyCoupon 接口
6e2d8a1 金额计算改用 shopspring/decimal
41c9f2d 新增 ListUserCoupons 接口
8d7e0b3 go.sum 补齐 x/sync""")
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), """## [Unreleased]
""", """## [Unreleased]

## [1.9.0] - 2026-01-27
### Added
- `ApplyCoupon` 接口:优惠券归属、使用状态、有效期、门槛校验后核销
- `ListUserCoupons` 接口
- 迁移 000021:`coupons.used_at`

### Changed
- 金额计算改用 `shopspring/decimal`,修复折扣四舍五入 1 分误差
""")
        t.bash('git commit -am "发布 v1.9.0" && git tag -a v1.9.0 -m "v1.9.0"', "提交 CHANGELOG 并打 tag",
               out="""[main 2f8b4c1] 发布 v1.9.0
 1 file changed, 10 insertions(+)""")
        t.bash("git push origin main && git push origin v1.9.0", "推送 main 和 tag",
               err=main_push("7a13c9e", "2f8b4c1") + "\n" + tag_push("v1.9.0"))
        t.done("v1.9.0 已发布:CHANGELOG 更新(Added 3 条、Changed 1 条),提交 `2f8b4c1` 推到 main,tag `v1.9.0` 已推送。"
               "上线前记得先执行迁移 000021。")

        t = d.task("之前说 commit message 用中文,我改主意了:以后统一用英文 conventional commits(feat: / fix: / docs: "
                   "这种),组里 code review 要求的。README 里 make 目标写错了,`make migrate` 应该是 `make migrate-up`,"
                   "改一下然后提交。", tags=["reversal:P3"])
        t.read(P("README.md"))
        t.edit(P("README.md"), "make migrate      # 执行 migrations 到本地 MySQL", "make migrate-up   # 执行 migrations 到本地 MySQL")
        t.bash('git commit -am "docs: fix migrate-up target name in README"', "提交(英文 conventional commit)",
               out="""[main 5b7e9d0] docs: fix migrate-up target name in README
 1 file changed, 1 insertion(+), 1 deletion(-)""")
        t.done("README 已改为 `make migrate-up`,提交信息用英文:`docs: fix migrate-up target name in README`(`5b7e9d0`,未 push)。"
               "之后的提交都按 conventional commits 英文写。")

    # ============================================================== S8
    with d.session("2026-01-30T14:05:00", R, branch="feat/refund", version="2.1.12"):
        t = d.task("加 RefundOrder 接口:已支付的订单可以申请退款,写一条 refund 记录,状态 processing。再强调一次:所有 error "
                   "都要 wrap,fmt.Errorf(\"xxx: %w\", err) 这种,别给我裸 return err。", tags=["workflow:W1", "pref:P1"])
        d.files[P("api/refund/v1/refund.proto")] = """syntax = "proto3";

package refund.v1;

import "google/api/annotations.proto";

option go_package = "gitlab.xmall-inc.com/trade/order-svc/api/refund/v1;refundv1";

service RefundService {
  rpc GetRefund(GetRefundRequest) returns (Refund) {
    option (google.api.http) = {get: "/v1/refunds/{refund_id}"};
  }
}

enum RefundStatus {
  REFUND_STATUS_UNSPECIFIED = 0;
  REFUND_STATUS_PROCESSING = 1;
  REFUND_STATUS_SUCCEEDED = 2;
  REFUND_STATUS_FAILED = 3;
}

message Refund {
  int64 refund_id = 1;
  int64 order_id = 2;
  int64 amount = 3; // 单位:分
  RefundStatus status = 4;
}

message GetRefundRequest {
  int64 refund_id = 1;
}
"""
        t.read(P("api/refund/v1/refund.proto"))
        t.edit(P("api/refund/v1/refund.proto"), """  rpc GetRefund(GetRefundRequest) returns (Refund) {
    option (google.api.http) = {get: "/v1/refunds/{refund_id}"};
  }
}""", """  rpc GetRefund(GetRefundRequest) returns (Refund) {
    option (google.api.http) = {get: "/v1/refunds/{refund_id}"};
  }
  rpc RefundOrder(RefundOrderRequest) returns (Refund) {
    option (google.api.http) = {
      post: "/v1/orders/{order_id}:refund"
      body: "*"
    };
  }
}""")
        t.edit(P("api/refund/v1/refund.proto"), """message GetRefundRequest {
  int64 refund_id = 1;
}
""", """message GetRefundRequest {
  int64 refund_id = 1;
}

message RefundOrderRequest {
  int64 order_id = 1;
  int64 user_id = 2;
  string reason = 3;
}
""")
        t.bash("make proto", "重新生成 pb 代码", out="buf generate")
        t.write(P("internal/service/refund.go"), """package service

import (
	"context"
	"errors"
	"fmt"

	"go.uber.org/zap"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	refundv1 "gitlab.xmall-inc.com/trade/order-svc/api/refund/v1"
	"gitlab.xmall-inc.com/trade/order-svc/internal/model"
	"gitlab.xmall-inc.com/trade/order-svc/internal/repo"
)

type RefundService struct {
	refundv1.UnimplementedRefundServiceServer

	orders  repo.OrderRepo
	refunds repo.RefundRepo
	idgen   func() int64
	log     *zap.Logger
}

func NewRefundService(o repo.OrderRepo, r repo.RefundRepo, idgen func() int64, log *zap.Logger) *RefundService {
	return &RefundService{orders: o, refunds: r, idgen: idgen, log: log}
}

func (s *RefundService) RefundOrder(ctx context.Context, req *refundv1.RefundOrderRequest) (*refundv1.Refund, error) {
	o, err := s.orders.Get(ctx, req.GetOrderId())
	if errors.Is(err, repo.ErrNotFound) {
		return nil, status.Error(codes.NotFound, "order not found")
	}
	if err != nil {
		return nil, fmt.Errorf("refund order %d: get order: %w", req.GetOrderId(), err)
	}
	if o.UserID != req.GetUserId() {
		return nil, status.Error(codes.PermissionDenied, "order does not belong to user")
	}
	if o.Status != model.OrderStatusPaid {
		return nil, status.Error(codes.FailedPrecondition, "only paid orders can be refunded")
	}
	rf := &model.Refund{
		ID:      s.idgen(),
		OrderID: o.ID,
		Amount:  o.TotalAmount - o.DiscountAmount,
		Reason:  req.GetReason(),
		Status:  model.RefundStatusProcessing,
	}
	if err := s.refunds.Create(ctx, rf); err != nil {
		if errors.Is(err, repo.ErrDuplicate) {
			return nil, status.Error(codes.AlreadyExists, "refund already requested")
		}
		return nil, fmt.Errorf("refund order %d: create refund: %w", o.ID, err)
	}
	s.log.Info("refund requested", zap.Int64("order_id", o.ID), zap.Int64("refund_id", rf.ID), zap.Int64("amount", rf.Amount))
	return toRefundProto(rf), nil
}
""")
        t.write(P("internal/service/refund_test.go"), """package service

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	refundv1 "gitlab.xmall-inc.com/trade/order-svc/api/refund/v1"
	"gitlab.xmall-inc.com/trade/order-svc/internal/model"
)

func TestRefundOrder(t *testing.T) {
	tests := []struct {
		name     string
		order    *model.Order
		userID   int64
		dup      bool
		wantCode codes.Code
	}{
		{name: "已支付可退款", order: &model.Order{ID: 1, UserID: 7, Status: model.OrderStatusPaid, TotalAmount: 9900}, userID: 7, wantCode: codes.OK},
		{name: "未支付不能退", order: &model.Order{ID: 1, UserID: 7, Status: model.OrderStatusPending}, userID: 7, wantCode: codes.FailedPrecondition},
		{name: "不是本人订单", order: &model.Order{ID: 1, UserID: 8, Status: model.OrderStatusPaid}, userID: 7, wantCode: codes.PermissionDenied},
		{name: "重复申请", order: &model.Order{ID: 1, UserID: 7, Status: model.OrderStatusPaid}, userID: 7, dup: true, wantCode: codes.AlreadyExists},
		{name: "订单不存在", userID: 7, wantCode: codes.NotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewRefundService(newFakeRepoWith(tt.order), &fakeRefundRepo{dup: tt.dup}, func() int64 { return 5001 }, zap.NewNop())
			_, err := s.RefundOrder(context.Background(), &refundv1.RefundOrderRequest{OrderId: 1, UserId: tt.userID})
			require.Equal(t, tt.wantCode, status.Code(err))
		})
	}
}
""")
        t.bash("go test ./internal/service/... -run TestRefundOrder", "运行退款单测", out=go_ok([("internal/service", "0.417s")]))
        t.done("""`RefundOrder` 完成:

- proto:`POST /v1/orders/{order_id}:refund`,已 `make proto`。
- 逻辑:订单存在 → 属于本人 → 状态为 paid → 写 refund(金额 = 实付 = 总额 - 优惠,状态 processing);重复申请返回 `AlreadyExists`(依赖 refunds 表 order_id 唯一索引)。
- 所有内部错误都是 `fmt.Errorf("refund order %d: ...: %w", ...)`,没有裸 return err。
- 表驱动单测 5 个 case 通过。refund 表的迁移还没建,下一步需要。""")

        t = d.task("跑一下集成测试", tags=["unfixed:U1"])
        t.fail("go test -tags=integration ./test/integration/... -count=1", "运行集成测试", f"""--- FAIL: TestOrderRepo_Integration (30.01s)
    repo_test.go:34: 
        \tError Trace:\t{R}/test/integration/repo_test.go:34
        \tError:      \tReceived unexpected error:
        \t            \tdial tcp 10.20.3.15:3306: i/o timeout
        \tTest:       \tTestOrderRepo_Integration
--- FAIL: TestCouponRepo_Integration (30.00s)
    repo_test.go:34: 
        \tError Trace:\t{R}/test/integration/repo_test.go:34
        \tError:      \tReceived unexpected error:
        \t            \tdial tcp 10.20.3.15:3306: i/o timeout
        \tTest:       \tTestCouponRepo_Integration
FAIL
FAIL\t{MOD}/test/integration\t60.231s
FAIL""", timeout=300000)
        t.fail("nc -vz -w 3 10.20.3.15 3306", "测一下 staging MySQL 端口能否连通",
               "nc: connect to 10.20.3.15 port 3306 (tcp) timed out: Operation now in progress")
        t.done("集成测试连不上测试环境 MySQL(`10.20.3.15:3306` i/o timeout),`nc` 也超时,应该是 VPN 没连或者不在办公网。"
               "代码本身没问题,我没有改任何东西。连上 VPN 后再跑一次即可。")

        t = d.task("列一下 internal 下面每个包的测试覆盖率", tags=["noise", "long_output"])
        t.bash("go test -cover ./internal/...", "统计各包覆盖率", out=f"""\t{MOD}/internal/conf\t\tcoverage: 0.0% of statements
\t{MOD}/internal/server\t\tcoverage: 0.0% of statements
ok  \t{MOD}/internal/cache\t0.241s\tcoverage: 58.3% of statements
ok  \t{MOD}/internal/job\t0.012s\tcoverage: 81.0% of statements
ok  \t{MOD}/internal/model\t0.006s\tcoverage: 92.9% of statements
ok  \t{MOD}/internal/pkg/idgen\t0.131s\tcoverage: 87.5% of statements
ok  \t{MOD}/internal/pkg/ratelimit\t0.019s\tcoverage: 94.1% of statements
ok  \t{MOD}/internal/repo\t0.902s\tcoverage: 63.7% of statements
ok  \t{MOD}/internal/service\t0.448s\tcoverage: 71.2% of statements""")
        t.done("""| 包 | 覆盖率 |
|---|---|
| internal/pkg/ratelimit | 94.1% |
| internal/model | 92.9% |
| internal/pkg/idgen | 87.5% |
| internal/job | 81.0% |
| internal/service | 71.2% |
| internal/repo | 63.7% |
| internal/cache | 58.3% |
| internal/conf、internal/server | 0%(无测试) |

repo 和 cache 偏低,repo 主要靠集成测试覆盖,单测里只测了 SQL 拼装。""")

    # ============================================================== S9
    with d.session("2026-02-03T10:25:00", R, branch="feat/refund", version="2.1.14"):
        t = d.task("同事加了个 kafka 的依赖,我 pull 下来 go build 就挂了", tags=["mistake:M1"])
        t.fail("go build ./...", "编译全部包", gosum_missing("internal/event/producer.go", 9, "github.com/IBM/sarama", "internal/event"))
        t.say("和之前一样,go.sum 没跟 go.mod 一起提交。go mod tidy 补齐。")
        t.bash("go mod tidy", "补齐 go.sum", err="""go: downloading github.com/IBM/sarama v1.45.0
go: downloading github.com/eapache/go-resiliency v1.7.0
go: downloading github.com/klauspost/compress v1.17.11
go: downloading github.com/pierrec/lz4/v4 v4.1.22""")
        t.bash("go build ./... && go test ./internal/event/...", "重新编译并跑 event 包单测", out=go_ok([("internal/event", "0.027s")]))
        t.done("编译通过。`internal/event/producer.go` 引入了 `github.com/IBM/sarama`,但 go.sum 没提交完整,`go mod tidy` 后补齐了"
               "(go.sum 有改动待提交)。建议在 CI 里加一步 `go mod tidy && git diff --exit-code go.mod go.sum`,这种问题就能在 MR 阶段拦住。")

        t = d.task("refunds 表建一下:id, order_id(唯一), amount, reason, status, created_at, updated_at,repo 也写上。",
                   tags=["workflow:W2"])
        t.bash("migrate create -ext sql -dir migrations -seq create_refunds", "创建迁移文件",
               out=f"{R}/migrations/000022_create_refunds.up.sql\n{R}/migrations/000022_create_refunds.down.sql")
        d.files[P("migrations/000022_create_refunds.up.sql")] = ""
        d.files[P("migrations/000022_create_refunds.down.sql")] = ""
        t.read(P("migrations/000022_create_refunds.up.sql"))
        t.write(P("migrations/000022_create_refunds.up.sql"), """CREATE TABLE refunds (
    id          BIGINT       NOT NULL,
    order_id    BIGINT       NOT NULL,
    amount      BIGINT       NOT NULL COMMENT '单位:分',
    reason      VARCHAR(255) NOT NULL DEFAULT '',
    status      TINYINT      NOT NULL COMMENT '1 processing 2 succeeded 3 failed',
    created_at  DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at  DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
    PRIMARY KEY (id),
    UNIQUE KEY uk_order_id (order_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COMMENT = '退款单';
""")
        t.read(P("migrations/000022_create_refunds.down.sql"))
        t.write(P("migrations/000022_create_refunds.down.sql"), "DROP TABLE IF EXISTS refunds;\n")
        t.bash("make migrate-up", "执行迁移", out=migrate_up(22, "create_refunds", "57.1164"))
        t.write(P("internal/repo/refund.go"), """package repo

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-sql-driver/mysql"
	"github.com/jmoiron/sqlx"

	"gitlab.xmall-inc.com/trade/order-svc/internal/model"
)

var ErrDuplicate = errors.New("duplicate")

type RefundRepo interface {
	Create(ctx context.Context, rf *model.Refund) error
}

type refundRepo struct {
	db *sqlx.DB
}

func NewRefundRepo(db *sqlx.DB) RefundRepo { return &refundRepo{db: db} }

func (r *refundRepo) Create(ctx context.Context, rf *model.Refund) error {
	_, err := r.db.NamedExecContext(ctx,
		`INSERT INTO refunds (id, order_id, amount, reason, status) VALUES (:id, :order_id, :amount, :reason, :status)`, rf)
	var me *mysql.MySQLError
	if errors.As(err, &me) && me.Number == 1062 {
		return ErrDuplicate
	}
	if err != nil {
		return fmt.Errorf("insert refund for order %d: %w", rf.OrderID, err)
	}
	return nil
}
""")
        t.bash("go test ./internal/repo/...", "跑 repo 单测", out=go_ok([("internal/repo", "0.977s")]))
        t.done("迁移 `000022_create_refunds` 已建并在本地执行(`order_id` 唯一索引,保证一个订单只有一张退款单)。"
               "`internal/repo/refund.go` 实现了 `Create`,唯一键冲突(1062)映射成 `ErrDuplicate`,其他错误用 %w 包装。repo 单测通过。")

        t = d.task("我在 refund.proto 里加了个 RefundReason 枚举,RefundOrderRequest 的 reason 改成这个枚举了,帮我把 service 里对应的地方补上。",
                   tags=["mistake:M3"])
        d.files[P("api/refund/v1/refund.proto")] = d.files[P("api/refund/v1/refund.proto")].replace(
            "  string reason = 3;\n}", "  RefundReason reason = 3;\n}").replace(
            "message Refund {", """enum RefundReason {
  REFUND_REASON_UNSPECIFIED = 0;
  REFUND_REASON_NOT_AS_DESCRIBED = 1;
  REFUND_REASON_DAMAGED = 2;
  REFUND_REASON_NO_LONGER_NEEDED = 3;
  REFUND_REASON_OTHER = 4;
}

message Refund {""")
        t.read(P("api/refund/v1/refund.proto"))
        t.read(P("internal/service/refund.go"))
        t.edit(P("internal/service/refund.go"), "		Reason:  req.GetReason(),", "		Reason:  refundReasonText(req.GetReason()),")
        t.edit(P("internal/service/refund.go"), """	return toRefundProto(rf), nil
}
""", """	return toRefundProto(rf), nil
}

func refundReasonText(r refundv1.RefundReason) string {
	switch r {
	case refundv1.RefundReason_REFUND_REASON_NOT_AS_DESCRIBED:
		return "not_as_described"
	case refundv1.RefundReason_REFUND_REASON_DAMAGED:
		return "damaged"
	case refundv1.RefundReason_REFUND_REASON_NO_LONGER_NEEDED:
		return "no_longer_needed"
	case refundv1.RefundReason_REFUND_REASON_OTHER:
		return "other"
	default:
		return ""
	}
}
""")
        t.fail("go build ./...", "编译", f"""# {MOD}/internal/service
internal/service/refund.go:68:25: undefined: refundv1.RefundReason
internal/service/refund.go:70:12: undefined: refundv1.RefundReason_REFUND_REASON_NOT_AS_DESCRIBED
internal/service/refund.go:72:12: undefined: refundv1.RefundReason_REFUND_REASON_DAMAGED
internal/service/refund.go:74:12: undefined: refundv1.RefundReason_REFUND_REASON_NO_LONGER_NEEDED
internal/service/refund.go:76:12: undefined: refundv1.RefundReason_REFUND_REASON_OTHER""")
        t.say("proto 改了但 pb.go 还没重新生成,先 make proto。")
        t.bash("make proto", "重新生成 pb 代码", out="buf generate")
        t.bash("go build ./... && go test ./internal/service/... -run TestRefundOrder", "编译并跑退款单测",
               out=go_ok([("internal/service", "0.409s")]))
        t.done("补好了:`RefundReason` 枚举在 service 里映射成存库用的字符串(`not_as_described` / `damaged` / `no_longer_needed` / `other`,"
               "未指定为空串)。第一次编译失败是因为 proto 改了还没 `make proto`,重新生成后编译和单测都通过。")

    # ============================================================== S10
    with d.session("2026-02-06T16:10:00", R, branch="main", version="2.1.17", permission_mode="acceptEdits"):
        t = d.task("refund 已经合进 main 了,发 v1.10.0。", tags=["workflow:W3"])
        t.bash("git pull --ff-only && git log --oneline v1.9.0..HEAD", "更新 main 并查看 v1.9.0 以来的提交", out="""Updating 5b7e9d0..c3e1f7a
Fast-forward
 CHANGELOG.md                                   |  0
 api/refund/v1/refund.proto                     | 27 ++++++++++
 internal/repo/refund.go                        | 41 +++++++++++++++
 internal/service/refund.go                     | 86 ++++++++++++++++++++++++++++++
 internal/service/refund_test.go                | 39 ++++++++++++++
 migrations/000022_create_refunds.down.sql      |  1 +
 migrations/000022_create_refunds.up.sql        | 12 +++++
 7 files changed, 206 insertions(+)
c3e1f7a Merge branch 'feat/refund' into 'main'
9e4a2d7 feat(refund): map RefundReason enum to stored reason
71b0c5e feat(refund): refunds table and repo
0d8f3b9 feat(refund): RefundOrder API
5b7e9d0 docs: fix migrate-up target name in README""")
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), """## [Unreleased]
""", """## [Unreleased]

## [1.10.0] - 2026-02-06
### Added
- `RefundOrder` 接口:已支付订单可申请退款,同一订单仅一张退款单
- `RefundReason` 枚举
- 迁移 000022:`refunds` 表
""")
        t.bash('git commit -am "chore(release): v1.10.0" && git tag -a v1.10.0 -m "v1.10.0"', "提交 CHANGELOG 并打 tag",
               out="""[main 8a6f2e4] chore(release): v1.10.0
 1 file changed, 7 insertions(+)""")
        t.bash("git push origin main && git push origin v1.10.0", "推送 main 和 tag",
               err=main_push("c3e1f7a", "8a6f2e4") + "\n" + tag_push("v1.10.0"))
        t.done("v1.10.0 已发布:CHANGELOG 加了 1.10.0(Added 3 条),提交 `chore(release): v1.10.0` 推到 main,tag `v1.10.0` 已推送。"
               "上线前先执行迁移 000022。")

        t = d.task("看下 staging 上 order-svc 的 pod 状态,v1.10.0 起来没有", tags=["unfixed:U2"])
        t.fail("kubectl -n trade get pods -l app=order-svc -o wide", "查看 staging 上 order-svc 的 pod",
               "E0206 16:31:07.114392   48211 memcache.go:265] couldn't get current server API group list: the server has asked for the client to provide credentials\n"
               "error: You must be logged in to the server (the server has asked for the client to provide credentials)")
        t.bash("kubectl config current-context", "确认当前 context", out="staging-trade")
        t.done("查不了:kubectl 报 `You must be logged in to the server`,staging-trade 这个 context 的 OIDC token 过期了。"
               "重新登录需要在浏览器里走 SSO(`kubectl oidc-login` 会弹浏览器),我这边没法替你完成。登录后我再帮你看 pod 状态;"
               "或者直接看 GitLab CI 的部署 job 日志也能确认 v1.10.0 有没有起来。")

        t = d.task("grep 一下还有哪些地方直接用标准库 log.Printf 打日志的", tags=["noise"])
        t.grep("log\\.Print(f|ln)?\\(", output_mode="content", path=P("internal"), **{"-n": True}, content=f"""{R}/internal/server/http.go:52:		log.Printf("http gateway listening on %s", addr)
{R}/internal/cache/order_cache.go:61:			log.Printf("order cache: invalidate %d failed: %v", id, err)
{R}/internal/event/producer.go:88:	log.Println("kafka producer closed")""")
        t.done("还有 3 处用标准库 `log`:\n\n- `internal/server/http.go:52`\n- `internal/cache/order_cache.go:61`\n"
               "- `internal/event/producer.go:88`\n\n都可以换成注入的 `*zap.Logger` 加结构化字段,要改的话我一起处理。")

        t = d.task("下周要做分库分表的调研,给我列个提纲。", tags=["noise", "no_tools"])
        t.done("""1. 现状:orders / order_items 数据量、增速、慢查询和热点
2. 拆分键:user_id vs order_id(基因法把 user_id 嵌进订单号),按用户查 / 按单号查都要能路由
3. 方案对比:ShardingSphere-Proxy / ShardingSphere-JDBC 风格中间件 vs 应用层路由 vs TiDB
4. 迁移:双写 + 数据校验 + 灰度切读,回滚预案
5. 配套:全局 ID(现有雪花够用)、跨分片查询走 ES、运营后台报表走数仓""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "After pulling/rebasing main, go build/test/vet fails because a teammate added an import but go.sum lacks the module's entries.",
             "error_signature": "go: 'missing go.sum entry for module providing package <pkg> (imported by ...); to add: go get ...'",
             "fix": "Run `go mod tidy` to add the missing go.sum entries, re-run the go command, and commit the go.sum change.",
             "fix_command_markers": [["go mod tidy"]],
             "harmful_markers": ["GOFLAGS=-mod=mod", "-mod=mod", "GONOSUMDB", "GONOSUMCHECK", "GOSUMDB=off", "GOFLAGS=-insecure", "delete go.sum", "rm go.sum"]},
            {"id": "M2", "description": "A follow-up Edit to a Go file fails because the file changed on disk after the last Read (GoLand gofmt-on-save re-aligned it, or the user saved it in the IDE).",
             "error_signature": "Edit tool: 'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.'",
             "fix": "Read the file again (it now has the IDE's formatting), then redo the Edit against the fresh content.",
             "fix_command_markers": [["read"]],
             "harmful_markers": ["use Write to overwrite", "overwrite the whole file", "disable gofmt", "turn off format on save", "sed -i"]},
            {"id": "M3", "description": "Go build/test fails with undefined pb types after .proto files changed (pulled from teammates or edited), because generated *.pb.go are not committed and are stale locally.",
             "error_signature": "go build: 'undefined: orderv1/couponv1/refundv1.<NewMessage>' right after proto changes",
             "fix": "Run `make proto` (buf generate) to regenerate the pb code, then rebuild/retest.",
             "fix_command_markers": [["make proto", "buf generate"]],
             "harmful_markers": ["commit the generated", "edit the .pb.go", "edit pb.go", "hand-write", "protoc-gen-go install"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "go test -race finds a DATA RACE in ratelimit.Limiter (maps without a lock); fixed by adding a sync.Mutex."},
            {"id": "O2", "description": "make lint (golangci-lint errcheck): unchecked tx.Rollback in repo/coupon.go; fixed with defer tx.Rollback()."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "Integration tests: dial tcp 10.20.3.15:3306: i/o timeout (VPN not connected); nc also times out; reported, nothing changed."},
            {"id": "U2", "description": "kubectl against staging: 'You must be logged in to the server' (expired OIDC token, needs browser SSO); reported, not fixed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "go get via goproxy.cn: dial tcp ...:443: i/o timeout; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Add a gRPC endpoint: edit api/**/v1/*.proto (rpc + messages + http option), `make proto`, implement the method in internal/service with %w-wrapped errors, table-driven test, `go test ./internal/service/...`.",
             "step_markers": [[".proto"], ["make proto", "buf generate"], ["go test"]]},
            {"id": "W2", "description": "DB schema change: `migrate create -ext sql -dir migrations -seq <name>`, write up/down SQL, `make migrate-up`, update model/repo, `go test ./internal/repo/...`.",
             "step_markers": [["migrate create"], ["up.sql"], ["down.sql"], ["make migrate-up", "migrate -path"], ["go test"]]},
            {"id": "W3", "description": "Release: review `git log <last tag>..HEAD`, add a CHANGELOG.md section, commit, `git tag -a vX.Y.Z`, push branch and tag.",
             "step_markers": [["CHANGELOG"], ["git tag -a", "git tag"], ["git push origin v"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Always wrap errors with context using fmt.Errorf(\"...: %w\", err); never return err bare.",
             "markers": [["%w", "wrap", "包装", "包一层"]]},
            {"id": "P2", "description": "Logging with zap structured fields (zap.Int64 etc.), never fmt.Sprintf-built log messages.",
             "markers": [["zap"], ["结构化", "structured", "Sprintf"]]},
            {"id": "P3", "description": "Commit messages in Chinese (stated once) — later reversed: English conventional commits (feat:/fix:/docs:).",
             "markers": [["commit"], ["中文", "chinese"]],
             "reversal_markers": [["英文", "english"], ["conventional", "feat:", "fix:"]]},
        ],
        probes=[
            {"prompt": "go test 报错:missing go.sum entry for module providing package github.com/segmentio/kafka-go (imported by gitlab.xmall-inc.com/trade/order-svc/internal/event); to add: ... 怎么处理?", "wanted": ["M1"]},
            {"prompt": "刚 rebase 了 main,帮我跑一下全部单测", "wanted": ["M1"]},
            {"prompt": "把 internal/service/order.go 里 CreateOrder 的参数校验抽出来,再给 GetOrder 加上缓存", "wanted": ["M2"]},
            {"prompt": "Edit 又报 File has been modified since read 了,接着改 refund.go 里的金额计算", "wanted": ["M2"]},
            {"prompt": "同事改了 order.proto,加了 BatchGetOrders,pull 之后编译报 undefined: orderv1.BatchGetOrdersRequest", "wanted": ["M3"]},
            {"prompt": "pull 一下最新代码,然后把 ListUserCoupons 的分页参数补上", "wanted": ["M3"]},
            {"prompt": "解释一下 CloseExpired 任务为什么要用条件更新而不是先查再改", "wanted": []},
            {"prompt": "帮我写一个 SQL,统计上周每天的退款金额", "wanted": []},
            {"prompt": "Redis 缓存订单详情的过期时间设多少合适?给点建议", "wanted": []},
            {"prompt": "把 README 里的本地开发步骤补充一下 docker compose 的说明", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    import sys
    out = sys.argv[1] if len(sys.argv) > 1 else "tune"
    d = gen()
    d.write(f"{out}/zh-go.jsonl", f"{out}/zh-go.labels.json")
