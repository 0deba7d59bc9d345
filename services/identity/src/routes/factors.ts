import { Hono } from "hono";
import { notFound, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import { ZEnrollFactorBodySchema, ZFactorProofBodySchema, ZIdParamsSchema, ZVerifyFactorBodySchema } from "@amia/contracts";
import type { FactorSecrets } from "../domain/factor-secrets.ts";
import { challengeFactor } from "../operations/challenge-factor.ts";
import { enrollFactor } from "../operations/enroll-factor.ts";
import { unenrollFactor } from "../operations/unenroll-factor.ts";
import { verifyFactor } from "../operations/verify-factor.ts";
import { toFactor, type FactorsStore } from "../store/factors-store.ts";
import type { UsersStore } from "../store/users-store.ts";

/**
 * Second factors (SPEC.md section 7: enroll, challenge, verify, unenroll under /factors): the
 * signed-in user manages theirs under /api/v1/users/me/factors; the BFF checks the code at
 * sign-in through the internal challenge route. Wrong codes are counted per user (429 with
 * Retry-After past the limit).
 */
export function factorsRoutes({ store, users, secrets, auth }: { store: FactorsStore; users: UsersStore; secrets: FactorSecrets; auth: ServiceAuth }) {
  const routes = new Hono<ServiceEnv>();

  routes.get("/api/v1/users/me/factors", auth.requireUser, async (c) => {
    const factor = await store.findFor(c.var.user.id);
    return c.json({ factors: factor ? [toFactor(factor)] : [] });
  });

  routes.post("/api/v1/users/me/factors", auth.requireUser, validate("json", ZEnrollFactorBodySchema), async (c) => {
    // The authenticator app lists the account by its email, as identity has it.
    const user = await users.findById(c.var.user.id);
    if (!user) throw notFound("User");
    return c.json(await enrollFactor(store, secrets, { id: user._id, email: user.email }, c.req.valid("json")), 201);
  });

  routes.post("/api/v1/users/me/factors/:id/verify", auth.requireUser, validate("param", ZIdParamsSchema), validate("json", ZVerifyFactorBodySchema), async (c) =>
    c.json(await verifyFactor(store, secrets, c.var.user.id, c.req.valid("param").id, c.req.valid("json"))),
  );

  routes.post("/api/v1/users/me/factors/:id/unenroll", auth.requireUser, validate("param", ZIdParamsSchema), validate("json", ZFactorProofBodySchema), async (c) => {
    await unenrollFactor(store, secrets, c.var.user.id, c.req.valid("param").id, c.req.valid("json"));
    return c.body(null, 204);
  });

  /** BFF → identity, the second step of a sign-in: the user's verified factor, proved. */
  routes.post("/internal/users/:id/factors/challenge", auth.requireService, validate("param", ZIdParamsSchema), validate("json", ZFactorProofBodySchema), async (c) =>
    c.json(await challengeFactor(store, secrets, c.req.valid("param").id, c.req.valid("json"))),
  );

  return routes;
}
