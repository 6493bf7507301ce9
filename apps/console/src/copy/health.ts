import type { HealthCheck } from "@tablemate/core";

/** The health banner (issue 26): for each failing check, what is wrong and what to do. */
export const HEALTH_COPY = {
  title: "系统需要处理",
  checks: {
    store: {
      problem: "数据库无法访问，点单和支付都会失败",
      action: "请检查服务器和数据库是否在运行；内置数据库可运行 npm run doctor 查看原因",
    },
    redis: {
      problem: "实时同步服务（Redis）已断开，其他服务器上的手机收不到购物车更新",
      action: "请检查 Redis 是否在运行；恢复后手机会自动刷新",
    },
    reconciliation: {
      problem: "有支付超过 5 分钟未与支付平台核对",
      action: "请检查服务器与支付平台的网络，并在「收款」页查看待处理款项",
    },
    backups: {
      problem: "最近没有成功的自动备份",
      action: "请运行 npm run backup 立即备份，并查看服务器日志中的备份错误",
    },
    disk: {
      problem: "服务器磁盘空间不足，备份可能失败",
      action: "请清理磁盘，或把 DATA_DIR/backups 中的旧备份移到别处",
    },
    printers: {
      problem: "有打印机离线、缺纸或纸仓盖未关",
      action: "请到「打印」页查看是哪台打印机，处理后会自动恢复",
    },
  } satisfies Record<HealthCheck, { problem: string; action: string }>,
} as const;
