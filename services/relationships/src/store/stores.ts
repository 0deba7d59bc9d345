import type { Db } from "mongodb";
import type { IndexPlan, Outbox } from "@amia/kit";
import { createRelationshipsStore, RELATIONSHIPS_INDEXES, type RelationshipsStore } from "./relationships-store.ts";
import { createRequestsStore, REQUESTS_INDEXES, type RequestsStore } from "./requests-store.ts";
import { createUsersProjection, USERS_INDEXES, type UsersProjection } from "./users-projection.ts";

/** Everything the service keeps, handed to operations as one parameter. */
export interface Stores {
  users: UsersProjection;
  requests: RequestsStore;
  relationships: RelationshipsStore;
}

export const RELATIONSHIPS_SERVICE_INDEXES: IndexPlan = { ...USERS_INDEXES, ...REQUESTS_INDEXES, ...RELATIONSHIPS_INDEXES };

/** Reads go to `db`; writes that emit events go through `outbox`. */
export function createStores(db: Db, outbox: Outbox): Stores {
  return { users: createUsersProjection(db), requests: createRequestsStore(db, outbox), relationships: createRelationshipsStore(db, outbox) };
}
