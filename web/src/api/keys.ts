/** react-query keys: one tree per resource, so a mutation invalidates exactly its branch. */
export const keys = {
  session: ["session"] as const,
  eventRequests: ["event-requests"] as const,
  eventRequestList: (params: object) => ["event-requests", "list", params] as const,
  eventRequest: (id: string) => ["event-requests", "one", id] as const,
  relationships: ["relationships"] as const,
  relationshipList: (params: object) => ["relationships", "list", params] as const,
  relationshipRequests: ["relationship-requests"] as const,
  relationshipRequestList: (box: "sent" | "received") => ["relationship-requests", box] as const,
  notifications: ["notifications"] as const,
  notificationList: (params: object) => ["notifications", "list", params] as const,
  aiUsage: ["ai-usage"] as const,
  aiUsageRecords: (params: object) => ["ai-usage", "records", params] as const,
  aiUsageCost: (range: object) => ["ai-usage", "cost", range] as const,
  calendarEvents: (range: object) => ["calendar", "events", range] as const,
  syncJobs: ["calendar", "sync-jobs"] as const,
};
