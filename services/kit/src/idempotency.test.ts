import { describe, expect, it } from "vitest";
import { createOnce, fingerprintOf, idempotentCreate, idempotentId, type WithIdempotency } from "./idempotency.ts";
import { runWithDeadline, runWithRequestId } from "./request-context.ts";
import { WRITE_CONFLICT } from "./retry-on-conflict.ts";

type Doc = WithIdempotency & { _id: string; title: string };

/** An in-memory table with a unique id, as the database would refuse a second insert. */
function table() {
  const docs = new Map<string, Doc>();
  let creates = 0;
  return {
    docs,
    get creates() {
      return creates;
    },
    steps: (title: string) => ({
      find: async (id: string) => docs.get(id) ?? null,
      create: async (id: string, fingerprint: string | undefined) => {
        creates += 1;
        if (docs.has(id)) throw Object.assign(new Error("E11000 duplicate key"), { code: 11000 });
        const doc: Doc = { _id: id, title, ...(fingerprint === undefined ? {} : { idempotency_fingerprint: fingerprint }) };
        docs.set(id, doc);
        return doc;
      },
      replay: (stored: Doc) => stored,
    }),
  };
}

describe("idempotent ids", () => {
  it("derives the same UUID-shaped id for the same (scope, user, key), a different one when any differs", () => {
    const id = idempotentId("event-request", "u1", "key-0123456789abcdef");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotentId("event-request", "u1", "key-0123456789abcdef")).toBe(id);
    expect(new Set([id, idempotentId("event-request", "u2", "key-0123456789abcdef"), idempotentId("recipe", "u1", "key-0123456789abcdef"), idempotentId("event-request", "u1", "key-0123456789abcdeg")]).size).toBe(4);
  });

  it("fingerprints a body whatever its keys' order", () => {
    expect(fingerprintOf({ a: 1, b: [{ c: 2, d: null }] })).toBe(fingerprintOf({ b: [{ d: null, c: 2 }], a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
    expect(idempotentCreate("recipe", "u1", undefined, {})).toBeNull();
  });
});

describe("createOnce", () => {
  const keyed = idempotentCreate("recipe", "u1", "key-0123456789abcdef", { title: "Soup" });

  it("answers a repeat with the first document, without creating again", async () => {
    const store = table();
    const first = await createOnce(keyed, store.steps("Soup"));
    const again = await createOnce(keyed, store.steps("Soup"));
    expect(again).toEqual(first);
    expect(store.creates).toBe(1);
  });

  it("answers the loser of a concurrent twin with the winner's document", async () => {
    const store = table();
    const steps = store.steps("Soup");
    // Both look before either inserts: the second insert meets the unique id.
    const twins = await Promise.all([createOnce(keyed, steps), createOnce(keyed, steps)]);
    expect(twins[0]).toEqual(twins[1]);
    expect(store.docs.size).toBe(1);
  });

  it("answers a twin whose effect a rule saw first (a refusal such as 409 'already pending') with the twin", async () => {
    const twin: Doc = { _id: keyed!.id, title: "Soup", idempotency_fingerprint: keyed!.fingerprint };
    let looks = 0;
    const refused = Object.assign(new Error("A relationship request is already pending"), { code: "conflict", status: 409 });
    const answer = await createOnce(keyed, { find: async () => (++looks === 1 ? null : twin), create: async (): Promise<Doc> => Promise.reject(refused), replay: (doc: Doc) => doc });
    expect(answer).toBe(twin);
    // Without a twin stored, the refusal stands.
    await expect(createOnce(keyed, { find: async () => null, create: async (): Promise<Doc> => Promise.reject(refused), replay: (doc: Doc) => doc })).rejects.toBe(refused);
  });

  it("answers a twin that won the insert, reported as a lost write (WRITE_CONFLICT), with the twin", async () => {
    const twin: Doc = { _id: keyed!.id, title: "Soup", idempotency_fingerprint: keyed!.fingerprint };
    let looks = 0;
    const answer = await createOnce(keyed, { find: async () => (++looks === 1 ? null : twin), create: async (): Promise<Doc | typeof WRITE_CONFLICT> => WRITE_CONFLICT, replay: (doc: Doc) => doc });
    expect(answer).toBe(twin);
  });

  it("refuses the same key with another body (422 idempotency_key_reused), creating nothing", async () => {
    const store = table();
    await createOnce(keyed, store.steps("Soup"));
    const other = idempotentCreate("recipe", "u1", "key-0123456789abcdef", { title: "Stew" });
    await expect(createOnce(other, store.steps("Stew"))).rejects.toMatchObject({ code: "idempotency_key_reused", status: 422 });
    expect(store.creates).toBe(1);
  });

  it("creates with a fresh id each time without a key", async () => {
    const store = table();
    await createOnce(null, store.steps("Soup"));
    await createOnce(null, store.steps("Soup"));
    expect(store.docs.size).toBe(2);
  });

  it("starts no create after the caller's deadline: 504, nothing written", async () => {
    const store = table();
    const late = runWithRequestId("req", () => runWithDeadline(Date.now() - 1, () => createOnce(keyed, store.steps("Soup"))));
    await expect(late).rejects.toMatchObject({ code: "deadline_exceeded", status: 504 });
    expect(store.creates).toBe(0);
  });
});
