import { bootService } from "@amia/kit";
import { createEventsService } from "./app.ts";
import { ZEventsEnvSchema } from "./env.ts";

await bootService({
  name: "events",
  envSchema: ZEventsEnvSchema,
  module: createEventsService,
});
