import { Hono } from "hono";
import { notFound, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import { ZFindUserByEmailQuerySchema, ZIdParamsSchema, ZUpsertUserOnSignInBodySchema } from "@amia/contracts";
import { signInUser } from "../operations/sign-in-user.ts";
import { toUserProfile, type UsersStore } from "../store/users-store.ts";

export function usersRoutes({ store, auth, onWrite }: { store: UsersStore; auth: ServiceAuth; onWrite: () => void }) {
  const routes = new Hono<ServiceEnv>();

  /** The signed-in user's own profile (the Account tab, the BFF's session). */
  routes.get("/api/v1/users/me", auth.requireUser, async (c) => {
    const user = await store.findById(c.var.user.id);
    if (!user) throw notFound("User");
    return c.json({ user: toUserProfile(user) });
  });

  /** BFF → identity at sign-in, from a verified ID token. 201 for a first sign-in. */
  routes.post("/internal/users/sign-in", auth.requireService, validate("json", ZUpsertUserOnSignInBodySchema), async (c) => {
    const { user, isNew } = await signInUser(store, c.req.valid("json"));
    onWrite();
    return c.json({ user: toUserProfile(user), is_new: isNew }, isNew ? 201 : 200);
  });

  routes.get("/internal/users/by-email", auth.requireService, validate("query", ZFindUserByEmailQuerySchema), async (c) => {
    const user = await store.findByEmail(c.req.valid("query").email);
    if (!user) throw notFound("User");
    return c.json({ user: toUserProfile(user) });
  });

  routes.get("/internal/users/:id", auth.requireService, validate("param", ZIdParamsSchema), async (c) => {
    const user = await store.findById(c.req.valid("param").id);
    if (!user) throw notFound("User");
    return c.json({ user: toUserProfile(user) });
  });

  return routes;
}
