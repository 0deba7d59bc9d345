import { Hono, type MiddlewareHandler } from "hono";
import type { Queue } from "bullmq";
import { AppError, notFound, validate, type ServiceEnv } from "@amia/kit";
import { ZSyncJobParamsSchema, type TSyncJob } from "@amia/contracts";

interface Deps {
  queue: Queue;
  /** Who may see and retry jobs (CALENDAR_ADMIN_USER_IDS); empty: nobody. */
  adminUserIds: readonly string[];
}

/**
 * The operators' view of the `calendar-sync` queue, a small stand-in for Bull Board: counts per
 * state, the latest failures, and a retry. Mounted under /api/v1/calendar (requireUser applies),
 * then an admin check by user id.
 */
export function syncJobsRoutes({ queue, adminUserIds }: Deps) {
  const routes = new Hono<ServiceEnv>();
  const admins = new Set(adminUserIds);
  const requireAdmin: MiddlewareHandler<ServiceEnv> = async (c, next) => {
    if (!admins.has(c.var.user.id)) throw new AppError("forbidden", "Only operators may see the sync jobs");
    await next();
  };
  routes.use("/api/v1/calendar/admin/*", requireAdmin);

  routes.get("/api/v1/calendar/admin/jobs", async (c) => {
    const counts = await queue.getJobCounts("waiting", "active", "delayed", "completed", "failed");
    const failed = await queue.getJobs(["failed"], 0, 49, false);
    return c.json({
      counts,
      failed: await Promise.all(
        failed.map(async (job): Promise<TSyncJob> => ({
          id: job.id ?? "",
          event_request_id: typeof job.data?.event_request_id === "string" ? job.data.event_request_id : null,
          operation: typeof job.data?.operation === "string" ? job.data.operation : null,
          state: await job.getState(),
          attempts_made: job.attemptsMade,
          failed_reason: job.failedReason ?? null,
          finished_at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
        })),
      ),
    });
  });

  routes.post("/api/v1/calendar/admin/jobs/:id/retry", validate("param", ZSyncJobParamsSchema), async (c) => {
    const job = await queue.getJob(c.req.valid("param").id);
    if (!job || (await job.getState()) !== "failed") throw notFound("Failed job");
    await job.retry("failed");
    return c.body(null, 204);
  });

  return routes;
}
