import { bootService, loadConfig } from "@amia/kit";
import { eventsService } from "./app.ts";
import { ZEventsEnvSchema } from "./env.ts";

// bootService parses the same schema again (and exits naming a bad variable); this copy feeds
// the module its quota.
const env = loadConfig("events", ZEventsEnvSchema);

await bootService({
  name: "events",
  envSchema: ZEventsEnvSchema,
  module: eventsService({ maxOpenRequestsPerUser: env.EVENT_REQUESTS_OPEN_PER_USER }),
});
