import { Hono } from "hono";
import { notFound, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import { ZFindUserByEmailQuerySchema, ZIdParamsSchema, ZUpdateUserSettingsBodySchema, ZUpsertUserOnSignInBodySchema } from "@amia/contracts";
import { currentSettings } from "../domain/settings.ts";
import { signInUser } from "../operations/sign-in-user.ts";
import { updateUserSettings } from "../operations/update-user-settings.ts";
import { toFactor, type FactorsStore } from "../store/factors-store.ts";
import { toUserProfile, type UsersStore } from "../store/users-store.ts";

export function usersRoutes({ store, factors, auth }: { store: UsersStore; factors: FactorsStore; auth: ServiceAuth }) {
  const routes = new Hono<ServiceEnv>();

  /** The signed-in user's own profile (the Account tab, the BFF's session). */
  routes.get("/api/v1/users/me", auth.requireUser, async (c) => {
    const user = await store.findById(c.var.user.id);
    if (!user) throw notFound("User");
    return c.json({ user: toUserProfile(user) });
  });

  /** The signed-in user's settings (the Settings tab); the defaults until first saved. */
  routes.get("/api/v1/users/me/settings", auth.requireUser, async (c) => {
    const user = await store.findById(c.var.user.id);
    if (!user) throw notFound("User");
    return c.json({ settings: currentSettings(user.settings) });
  });

  /** Changes some of them; emits `user.settings-updated` when anything changed. */
  routes.patch("/api/v1/users/me/settings", auth.requireUser, validate("json", ZUpdateUserSettingsBodySchema), async (c) => {
    const { settings } = await updateUserSettings(store, c.var.user.id, c.req.valid("json"));
    return c.json({ settings });
  });

  /**
   * BFF → identity at sign-in, from a verified ID token. 201 for a first sign-in. With the
   * user's factors: a verified one means the BFF asks for its code before the session exists.
   */
  routes.post("/internal/users/sign-in", auth.requireService, validate("json", ZUpsertUserOnSignInBodySchema), async (c) => {
    const { user, isNew } = await signInUser(store, c.req.valid("json"));
    const factor = isNew ? null : await factors.findFor(user._id);
    return c.json({ user: toUserProfile(user), is_new: isNew, factors: factor ? [toFactor(factor)] : [] }, isNew ? 201 : 200);
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
