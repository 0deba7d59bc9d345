import { randomUUID } from "node:crypto";
import type { Db } from "mongodb";
import { isDuplicateKeyError } from "./connect.ts";

/*
 * A projection built from other services' events (DESIGN.md: no service reads another's
 * database) is rebuilt by reading its topics again from the start; the entity topics it reads
 * (users, relationships) are kept for ever for that. What decides whether it reads from the start
 * is its consumer group: a group with committed offsets resumes, so a fresh or emptied database
 * behind an old group would stay empty for ever (and, for the events service, refuse every
 * reviewer). So each projection records in its own database the generation it was built under,
 * and its group id carries the generation: an empty database without a record starts a new
 * generation, whose new group reads everything from the start.
 */

/** Storage names: the collection and its documents' fields. */
export const PROJECTION_GENERATIONS_COLLECTION = "projection_generations";

interface ProjectionGenerationDoc {
  /** The projection's name, e.g. "people". */
  _id: string;
  /** "" for a projection built before generations existed (its group keeps its old id). */
  generation: string;
  /** When this generation began: events that occurred before it are history being replayed. */
  started_at: string;
}

export interface ProjectionGeneration {
  /** The consumer group id to read the projection's topics with. */
  groupId: string;
  /** Whether this start began a new generation (the group reads every topic from the start). */
  isNew: boolean;
  /**
   * When this generation began to replay history: an event that occurred before it is being
   * replayed into the projection, and its side effects were had when it first happened. Null for
   * a projection from before generations, whose group resumes where it was.
   */
  replaysBefore: string | null;
}

/**
 * The generation of `projection` in `db`: the recorded one, or a new one when none is recorded.
 * A database that holds the projection's data but no record (built before generations existed)
 * keeps `baseGroupId`, so an upgrade replays nothing. Replicas starting at once agree: the first
 * insert wins and the others read it.
 */
export async function projectionGeneration(
  db: Db,
  { projection, baseGroupId, hasData }: { projection: string; baseGroupId: string; hasData: () => Promise<boolean> },
): Promise<ProjectionGeneration> {
  const collection = db.collection<ProjectionGenerationDoc>(PROJECTION_GENERATIONS_COLLECTION);
  const of = (doc: ProjectionGenerationDoc, isNew: boolean): ProjectionGeneration => ({
    groupId: doc.generation ? `${baseGroupId}.${doc.generation}` : baseGroupId,
    isNew,
    replaysBefore: doc.generation ? doc.started_at : null,
  });
  const recorded = await collection.findOne({ _id: projection });
  if (recorded) return of(recorded, false);
  const fresh: ProjectionGenerationDoc = {
    _id: projection,
    generation: (await hasData()) ? "" : `g${Date.now().toString(36)}${randomUUID().slice(0, 4)}`,
    started_at: new Date().toISOString(),
  };
  try {
    await collection.insertOne(fresh);
    return of(fresh, fresh.generation !== "");
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const winner = await collection.findOne({ _id: projection });
    if (!winner) throw error;
    return of(winner, false);
  }
}

/**
 * Whether an event that occurred at `occurredAt` is history this generation is replaying (ISO
 * timestamps compare as strings). A consumer applies such an event to its projection only: the
 * event's side effects were had when it first happened, and repeating them out of their original
 * order (a replay may not have reached a newer event yet) could undo what came after.
 */
export function isReplayed(generation: Pick<ProjectionGeneration, "replaysBefore">, occurredAt: string): boolean {
  return generation.replaysBefore !== null && occurredAt < generation.replaysBefore;
}

/**
 * Forgets a projection so that its service rebuilds it from the topics at its next start: its
 * collections emptied and its generation record removed (npm run rebuild-projection).
 */
export async function dropProjection(db: Db, { projection, collections }: { projection: string; collections: readonly string[] }): Promise<void> {
  for (const name of collections) await db.collection(name).deleteMany({});
  await db.collection<ProjectionGenerationDoc>(PROJECTION_GENERATIONS_COLLECTION).deleteOne({ _id: projection });
}
