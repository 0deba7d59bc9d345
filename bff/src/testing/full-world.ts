import { createGoogleStandIn, type GoogleStandIn } from "@amia/google-stand-in";
import { createAgentService } from "../../../services/agent/src/app.ts";
import { calendarServiceForTests } from "../../../services/calendar/src/testing/calendar-service.ts";
import { createEventsService } from "../../../services/events/src/app.ts";
import { createIdentityService } from "../../../services/identity/src/app.ts";
import { createNotificationsService } from "../../../services/notifications/src/app.ts";
import { createRecipesService } from "../../../services/recipes/src/app.ts";
import { createRelationshipsService } from "../../../services/relationships/src/app.ts";
import { createUsageService } from "../../../services/usage/src/app.ts";
import type { ServiceName } from "../routes/catalogue.ts";
import { createWorld, type World } from "./world.ts";

/** Where nothing listens: the assistant's model is out of reach, so it runs offline (no LLM API here). */
const NOWHERE = "http://127.0.0.1:9";

export interface FullWorld {
  world: World;
  google: GoogleStandIn;
  close: () => Promise<void>;
}

/**
 * Every service of the catalogue, for real, behind the real BFF: identity, relationships, events,
 * notifications, the agent (offline mode: it proposes without a model), usage, calendar (against
 * the Google stand-in) and recipes, each on the real Kafka, database and Redis. For tests that walk
 * the whole catalogue (the authorization matrix).
 */
export async function createFullWorld(label: string, env: Record<string, string> = {}): Promise<FullWorld> {
  const google = await createGoogleStandIn();
  let world: World | undefined;
  // The agent calls the other services as the user; their URLs exist only once they are served.
  const url = (name: ServiceName) => world?.services[name]?.served.url ?? NOWHERE;
  const agent = createAgentService({
    openai: { baseURL: NOWHERE, model: "gpt-4o-mini" },
    serviceUrls: () => ({ events: url("events"), relationships: url("relationships"), notifications: url("notifications"), calendar: url("calendar"), usage: url("usage") }),
  });
  const calendar = calendarServiceForTests(google);
  try {
    world = await createWorld({
      label,
      services: {
        identity: createIdentityService,
        relationships: createRelationshipsService,
        events: createEventsService,
        notifications: createNotificationsService,
        usage: createUsageService,
        calendar,
        recipes: createRecipesService,
        agent,
      },
      env,
    });
  } catch (error) {
    await google.close();
    throw error;
  }
  const created = world;
  return {
    world: created,
    google,
    async close() {
      await created.close();
      await google.close();
    },
  };
}
