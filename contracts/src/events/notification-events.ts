import { z } from "zod";
import { ZIdSchema } from "../common.ts";
import { ZNotificationSchema } from "../notifications.ts";

/**
 * Topic `notifications`, subject = the notification id. `notification.created`: the BFF
 * pushes `notification` to the recipient's open browsers as it is, so it is the wire shape of
 * GET /notifications.
 */
export const ZNotificationCreatedDataSchema = z.object({
  user_id: ZIdSchema,
  notification: ZNotificationSchema,
});
export type TNotificationCreatedData = z.infer<typeof ZNotificationCreatedDataSchema>;
