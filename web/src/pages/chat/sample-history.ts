/*
 * The chat history list is hard-coded sample entries (SPEC.md section 2, "Chat page"; section 3,
 * "History item"). Their timestamps are relative to `now`, so the list shows all three forms of
 * the history time display (section 9): a time, a weekday, and a month and day.
 */

export interface HistoryItem {
  id: string;
  title: string;
  timestamp: string;
  preview: string;
}

const HOUR_MS = 60 * 60 * 1000;

export function sampleHistory(now: Date): HistoryItem[] {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();
  return [
    {
      id: "sample-1",
      title: "Team sync next week",
      timestamp: hoursAgo(2),
      preview: "Find a 30-minute slot with the design team on Tuesday or Wednesday.",
    },
    {
      id: "sample-2",
      title: "Dentist appointment",
      timestamp: hoursAgo(3 * 24),
      preview: "Move my dentist appointment to Friday morning.",
    },
    {
      id: "sample-3",
      title: "Weekend trip plan",
      timestamp: hoursAgo(20 * 24),
      preview: "Block Saturday and Sunday for the trip and remind me to pack on Friday.",
    },
  ];
}
