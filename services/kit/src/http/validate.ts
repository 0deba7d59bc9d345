import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { validationError } from "../errors.ts";

/**
 * Validates one part of the request with a contracts schema; a failure is a 400 naming each bad
 * field, and the handler never runs, so bad input changes nothing.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return validator(target, async (value): Promise<z.output<Schema>> => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) throw validationError(result.error);
    return result.data;
  });
}
