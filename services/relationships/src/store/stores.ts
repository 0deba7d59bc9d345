import type { Db } from "mongodb";
import type { IndexPlan } from "@amia/kit";
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

export function createStores(db: Db): Stores {
  return { users: createUsersProjection(db), requests: createRequestsStore(db), relationships: createRelationshipsStore(db) };
}
