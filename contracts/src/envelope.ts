import { z } from "zod";

/**
 * The one envelope every Kafka message carries (DESIGN.md "Events").
 * Wire names: renaming a field breaks every stored and in-flight message.
 */
export const ZEventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurred_at: z.iso.datetime({ offset: true }),
  producer: z.string().min(1),
  /** The aggregate id; also the Kafka message key, so one aggregate's events stay in order. */
  subject: z.string().min(1),
  actor_id: z.string().min(1).nullable(),
  data: z.unknown(),
});

export type TEventEnvelope<TType extends string = string, TData = unknown> = Omit<
  z.infer<typeof ZEventEnvelopeSchema>,
  "type" | "data"
> & { type: TType; data: TData };
