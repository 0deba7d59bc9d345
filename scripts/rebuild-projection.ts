// npm run rebuild-projection -- <service> <projection>
//
// Forgets a projection a service builds from other services' events, so that the service
// rebuilds it from the topics (users and relationships are kept for ever) at its next start:
// its collections are emptied and its generation record removed (services/kit/src/mongo/
// projection-generation.ts); the next start reads the topics again under a new consumer group.
// A fresh database needs none of this: it starts a new generation by itself.
//
// Settings: MONGO_URL (the local one by default) and MONGO_DB (the service's name by default).
// Then restart the service (every replica): until it has caught up, the projection is partial.
import { z } from "zod";
import { connectMongo, createLogger, dropProjection, loadConfig, mongoEnvShape } from "@amia/kit";
import { SHARING_PROJECTION } from "../services/calendar/src/store/sharing-projection.ts";
import { PEOPLE_PROJECTION } from "../services/events/src/store/people-projection.ts";

/** service → projection name (and the names it is also known by) → what to drop. */
const PROJECTIONS: Record<string, Record<string, { projection: string; collections: readonly string[] }>> = {
  // Who is connected with whom, and people's names: the events service's reviewer checks.
  events: { people: PEOPLE_PROJECTION, relationships: PEOPLE_PROJECTION, users: PEOPLE_PROJECTION },
  // Who shares free/busy with whom: the calendar service's availability answers.
  calendar: { sharing: SHARING_PROJECTION, relationships: SHARING_PROJECTION, users: SHARING_PROJECTION },
};

const [service, name] = process.argv.slice(2);
const target = service && name ? PROJECTIONS[service]?.[name] : undefined;
if (!target) {
  const known = Object.entries(PROJECTIONS).flatMap(([s, byName]) => Object.keys(byName).map((n) => `${s} ${n}`));
  console.error(`usage: npm run rebuild-projection -- <service> <projection>\nknown: ${known.join(", ")}`);
  process.exit(2);
}

const env = loadConfig("rebuild-projection", z.object({ ...mongoEnvShape }));
const logger = createLogger("rebuild-projection", "warn");
const mongo = await connectMongo({ url: env.MONGO_URL, dbName: env.MONGO_DB ?? service!, logger, attempts: 3 });
try {
  await dropProjection(mongo.db, target);
  console.log(`${service} ${target.projection}: emptied (${target.collections.join(", ")}) in database ${mongo.db.databaseName}; restart ${service} to rebuild it from its topics.`);
} finally {
  await mongo.close();
}
