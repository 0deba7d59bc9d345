/*
 * The smart-fill phrase set: descriptions a person might type, each with the exact fields the
 * offline parser should find, relative to a fixed "now". Written from the rules in
 * docs/decisions.md "Smart-fill parser", not from the parser's output; a case the parser gets
 * wrong stays here and counts as a miss (`npm run eval:smart-fill` prints them).
 *
 * Lisbon cases: now is Monday 23 November 2026, 10:00. Los Angeles cases: now is Thursday
 * 31 December 2026, 21:00 (the year turns over). Calendar: Tue 24, Wed 25, Thu 26, Fri 27,
 * Sat 28, Sun 29, Mon 30 Nov; Tue 1 … Sun 6, Mon 7 Dec; Fri 1 Jan 2027 … Mon 4, Wed 6 Jan.
 */

export const PHRASE_ZONES = {
  lisbon: { timeZone: "Europe/Lisbon", now: "2026-11-23T10:00" },
  la: { timeZone: "America/Los_Angeles", now: "2026-12-31T21:00" },
} as const;

/** What the parser should find; a key left out means "not found". Dates: timed "YYYY-MM-DDTHH:MM", all-day "YYYY-MM-DD". */
export interface ExpectedFill {
  title?: string;
  location?: string;
  start?: string;
  end?: string;
  /** Names after "with"; none when left out. */
  people?: string[];
  /** The problems' messages, in order; none when left out. */
  problems?: string[];
  /** How it repeats, the canonical RRULE value (issue 16); a one-off when left out. */
  recurrence?: string;
}

export interface SmartFillPhrase {
  phrase: string;
  zone: keyof typeof PHRASE_ZONES;
  expected: ExpectedFill;
}

type Row = [phrase: string, expected: ExpectedFill];

const LISBON: Row[] = [
  // Meetings.
  ["Team meeting tomorrow at 10am", { title: "Team meeting", start: "2026-11-24T10:00", end: "2026-11-24T11:00" }],
  ["Board meeting on December 15th from 2pm to 5pm in the main conference room", { title: "Board meeting", location: "the main conference room", start: "2026-12-15T14:00", end: "2026-12-15T17:00" }],
  ["Project kickoff meeting on Thursday at 9:30", { title: "Project kickoff meeting", start: "2026-11-26T09:30", end: "2026-11-26T10:30" }],
  ["Meeting with Carla at 3pm", { title: "Meeting with Carla", people: ["Carla"], start: "2026-11-23T15:00", end: "2026-11-23T16:00" }],
  ["Quarterly review meeting next Monday 11am-12:30pm", { title: "Quarterly review meeting", start: "2026-11-30T11:00", end: "2026-11-30T12:30" }],
  ["Interview with Ana Silva on Dec 3rd at 10am", { title: "Interview with Ana Silva", people: ["Ana Silva"], start: "2026-12-03T10:00", end: "2026-12-03T11:00" }],
  ["Sprint planning Friday 14:00-16:00 in the Blue Room", { title: "Sprint planning", location: "the Blue Room", start: "2026-11-27T14:00", end: "2026-11-27T16:00" }],
  ["Budget meeting at the office on Wednesday at 2pm", { title: "Budget meeting", location: "the office", start: "2026-11-25T14:00", end: "2026-11-25T15:00" }],
  ["1:1 with Bruno tomorrow at 4pm", { title: "1:1 with Bruno", people: ["Bruno"], start: "2026-11-24T16:00", end: "2026-11-24T16:30" }],
  // "Weekly" / "Daily" before the meeting's name: the rule is read and the word stays in the title (issue 16).
  ["Weekly sync on Tuesday at 9", { title: "Weekly sync", start: "2026-11-24T09:00", end: "2026-11-24T09:30", recurrence: "FREQ=WEEKLY;BYDAY=TU" }],
  ["Daily standup tomorrow 9:15", { title: "Daily standup", start: "2026-11-24T09:15", end: "2026-11-24T09:45", recurrence: "FREQ=DAILY" }],
  ["Check-in with Dave at 11:30", { title: "Check-in with Dave", people: ["Dave"], start: "2026-11-23T11:30", end: "2026-11-23T12:00" }],
  ["Design review on the 17th at 3pm", { title: "Design review", start: "2026-12-17T15:00", end: "2026-12-17T16:00" }],
  ["Staff meeting on the 30th at 10", { title: "Staff meeting", start: "2026-11-30T10:00", end: "2026-11-30T11:00" }],
  ["All-hands meeting on the 1st at 4pm", { title: "All-hands meeting", start: "2026-12-01T16:00", end: "2026-12-01T17:00" }],
  ["Client meeting with Mr. Oliveira at 2:30pm on Friday", { title: "Client meeting with Mr. Oliveira", people: ["Mr. Oliveira"], start: "2026-11-27T14:30", end: "2026-11-27T15:30" }],
  ["Meeting with the team tomorrow at 10am", { title: "Meeting with the team", start: "2026-11-24T10:00", end: "2026-11-24T11:00" }],
  ["Strategy meeting from 9am to 12pm on December 10", { title: "Strategy meeting", start: "2026-12-10T09:00", end: "2026-12-10T12:00" }],
  ["Offsite from March 27 9am to March 28 6pm", { title: "Offsite", start: "2027-03-27T09:00", end: "2027-03-28T18:00" }],
  ["Performance review for an hour on Thursday at 3pm", { title: "Performance review", start: "2026-11-26T15:00", end: "2026-11-26T16:00" }],
  ["Interview at 11am for 45 minutes", { title: "Interview", start: "2026-11-23T11:00", end: "2026-11-23T11:45" }],
  ["Schedule a meeting with Bruno and Carla on Tuesday at 9am", { title: "Meeting with Bruno and Carla", people: ["Bruno", "Carla"], start: "2026-11-24T09:00", end: "2026-11-24T10:00" }],
  ["Set up a call with Ana for half an hour tomorrow at 5pm", { title: "Call with Ana", people: ["Ana"], start: "2026-11-24T17:00", end: "2026-11-24T17:30" }],
  // Meals.
  ["Lunch with Bruno on Friday at 1pm", { title: "Lunch with Bruno", people: ["Bruno"], start: "2026-11-27T13:00", end: "2026-11-27T14:00" }],
  ["lunch next wed @ The Cantina 12:30-13:15", { title: "Lunch", location: "The Cantina", start: "2026-12-02T12:30", end: "2026-12-02T13:15" }],
  ["Dinner at 8 at Joe's", { title: "Dinner", location: "Joe's", start: "2026-11-23T20:00", end: "2026-11-23T21:00" }],
  ["Breakfast with Carla tomorrow at 8am at Café Central", { title: "Breakfast with Carla", people: ["Carla"], location: "Café Central", start: "2026-11-24T08:00", end: "2026-11-24T09:00" }],
  ["Brunch on Sunday at 11 with Ana and Bruno", { title: "Brunch with Ana and Bruno", people: ["Ana", "Bruno"], start: "2026-11-29T11:00", end: "2026-11-29T12:00" }],
  ["Drinks on Friday at 7 at The Old Pub", { title: "Drinks", location: "The Old Pub", start: "2026-11-27T19:00", end: "2026-11-27T20:00" }],
  ["Dinner with Marta at 7:30pm on Saturday", { title: "Dinner with Marta", people: ["Marta"], start: "2026-11-28T19:30", end: "2026-11-28T20:30" }],
  ["Team lunch on December 18th at noon in the cafeteria", { title: "Team lunch", location: "the cafeteria", start: "2026-12-18T12:00", end: "2026-12-18T13:00" }],
  ["Lunch @ Nando's tomorrow 12:00-13:00", { title: "Lunch", location: "Nando's", start: "2026-11-24T12:00", end: "2026-11-24T13:00" }],
  ["Christmas dinner on December 25 at 19:00", { title: "Christmas dinner", start: "2026-12-25T19:00", end: "2026-12-25T20:00" }],
  ["Lunch tomorrow for 90 minutes at 12:30", { title: "Lunch", start: "2026-11-24T12:30", end: "2026-11-24T14:00" }],
  ["Supper at 9 on Thursday", { title: "Supper", start: "2026-11-26T21:00", end: "2026-11-26T22:00" }],
  ["Breakfast meeting at 7:30 tomorrow", { title: "Breakfast meeting", start: "2026-11-24T07:30", end: "2026-11-24T08:30" }],
  ["Dinner at Casa Mia on the 5th at 8pm", { title: "Dinner", location: "Casa Mia", start: "2026-12-05T20:00", end: "2026-12-05T21:00" }],
  ["Lunch with my sister on Wednesday", { title: "Lunch with my sister", start: "2026-11-25", end: "2026-11-25" }],
  ["Picnic in the park on Sunday", { title: "Picnic", location: "the park", start: "2026-11-29", end: "2026-11-29" }],
  ["Coffee with Bruno at 3", { title: "Coffee with Bruno", people: ["Bruno"], start: "2026-11-23T15:00", end: "2026-11-23T15:30" }],
  ["coffee tomorrow at 10:30 @ Starbucks", { title: "Coffee", location: "Starbucks", start: "2026-11-24T10:30", end: "2026-11-24T11:00" }],
  ["Coffee chat with Inês next Tuesday at 4pm", { title: "Coffee chat with Inês", people: ["Inês"], start: "2026-12-01T16:00", end: "2026-12-01T16:30" }],
  // Trips and multi-day events.
  ["Weekend trip to Sintra this Saturday and Sunday", { title: "Weekend trip to Sintra", start: "2026-11-28", end: "2026-11-29" }],
  ["Trip to Porto from December 4 to December 6", { title: "Trip to Porto", start: "2026-12-04", end: "2026-12-06" }],
  ["Ski trip Jan 9 - Jan 16", { title: "Ski trip", start: "2027-01-09", end: "2027-01-16" }],
  ["Conference in Berlin April 6 to April 8", { title: "Conference", location: "Berlin", start: "2027-04-06", end: "2027-04-08" }],
  ["Holiday in the Algarve from Dec 20 to Jan 3", { title: "Holiday", location: "the Algarve", start: "2026-12-20", end: "2027-01-03" }],
  ["Camping this weekend", { title: "Camping", start: "2026-11-28", end: "2026-11-29" }],
  ["Hiking trip next weekend", { title: "Hiking trip", start: "2026-12-05", end: "2026-12-06" }],
  ["Vacation Dec 21-24", { title: "Vacation", start: "2026-12-21", end: "2026-12-24" }],
  ["Family visit Saturday and Sunday", { title: "Family visit", start: "2026-11-28", end: "2026-11-29" }],
  ["Workshop Monday to Wednesday in Lisbon", { title: "Workshop", location: "Lisbon", start: "2026-11-23", end: "2026-11-25" }],
  ["Festival from Friday to Sunday", { title: "Festival", start: "2026-11-27", end: "2026-11-29" }],
  ["Business trip to London Dec 7 through Dec 9", { title: "Business trip to London", start: "2026-12-07", end: "2026-12-09" }],
  ["Retreat on the 12th and 13th", { title: "Retreat", start: "2026-12-12", end: "2026-12-13" }],
  ["Honeymoon 2027-05-01 to 2027-05-10", { title: "Honeymoon", start: "2027-05-01", end: "2027-05-10" }],
  ["Flight to Paris on Dec 2 at 6:05am", { title: "Flight to Paris", start: "2026-12-02T06:05", end: "2026-12-02T07:05" }],
  ["Road trip from Friday 8am to Sunday 6pm", { title: "Road trip", start: "2026-11-27T08:00", end: "2026-11-29T18:00" }],
  // Calls.
  ["Call mom today at 6pm", { title: "Call mom", start: "2026-11-23T18:00", end: "2026-11-23T18:30" }],
  ["Call with the bank tomorrow at 9:30", { title: "Call with the bank", start: "2026-11-24T09:30", end: "2026-11-24T10:00" }],
  ["Phone call with Dr. Costa on Friday at 11am", { title: "Phone call with Dr. Costa", people: ["Dr. Costa"], start: "2026-11-27T11:00", end: "2026-11-27T11:30" }],
  ["Video call with Priya at 17:00", { title: "Video call with Priya", people: ["Priya"], start: "2026-11-23T17:00", end: "2026-11-23T17:30" }],
  ["Call the plumber at 2", { title: "Call the plumber", start: "2026-11-23T14:00", end: "2026-11-23T14:30" }],
  ["Sales call for 20 minutes at 3:15pm", { title: "Sales call", start: "2026-11-23T15:15", end: "2026-11-23T15:35" }],
  ["Zoom with Ana and Carla Friday 10:00-10:45", { title: "Zoom with Ana and Carla", people: ["Ana", "Carla"], start: "2026-11-27T10:00", end: "2026-11-27T10:45" }],
  ["Catch-up call with Leo in 2 days at 11am", { title: "Catch-up call with Leo", people: ["Leo"], start: "2026-11-25T11:00", end: "2026-11-25T11:30" }],
  ["Remind me to call Bruno tomorrow at 9", { title: "Call Bruno", start: "2026-11-24T09:00", end: "2026-11-24T09:30" }],
  // Appointments.
  ["Dentist appointment on Friday at 3pm", { title: "Dentist appointment", start: "2026-11-27T15:00", end: "2026-11-27T16:00" }],
  ["Doctor appointment tomorrow at 10am at St. Mary's Hospital", { title: "Doctor appointment", location: "St. Mary's Hospital", start: "2026-11-24T10:00", end: "2026-11-24T11:00" }],
  ["Haircut on Saturday at 11:30", { title: "Haircut", start: "2026-11-28T11:30", end: "2026-11-28T12:30" }],
  ["Vet appointment at 4:15 on Thursday", { title: "Vet appointment", start: "2026-11-26T16:15", end: "2026-11-26T17:15" }],
  ["Car service at the garage on the 2nd", { title: "Car service", location: "the garage", start: "2026-12-02", end: "2026-12-02" }],
  ["Physio on Tuesday at 8:00", { title: "Physio", start: "2026-11-24T08:00", end: "2026-11-24T09:00" }],
  ["Eye exam at Dr. Lopes' clinic on Dec 9 at 2pm", { title: "Eye exam", location: "Dr. Lopes' clinic", start: "2026-12-09T14:00", end: "2026-12-09T15:00" }],
  ["Parent-teacher meeting at St. John's School on the 3rd at 5:30pm", { title: "Parent-teacher meeting", location: "St. John's School", start: "2026-12-03T17:30", end: "2026-12-03T18:30" }],
  ["Passport renewal appointment in 2 weeks", { title: "Passport renewal appointment", start: "2026-12-07", end: "2026-12-07" }],
  ["Blood test at 8am tomorrow at the clinic", { title: "Blood test", location: "the clinic", start: "2026-11-24T08:00", end: "2026-11-24T09:00" }],
  ["Massage at Spa Zen for 90 minutes on Saturday at 3pm", { title: "Massage", location: "Spa Zen", start: "2026-11-28T15:00", end: "2026-11-28T16:30" }],
  // Relative days.
  ["Gym tomorrow", { title: "Gym", start: "2026-11-24", end: "2026-11-24" }],
  ["Review the day after tomorrow", { title: "Review", start: "2026-11-25", end: "2026-11-25" }],
  ["Yoga in 3 days at 7am", { title: "Yoga", start: "2026-11-26T07:00", end: "2026-11-26T08:00" }],
  ["Pay rent on the 1st", { title: "Pay rent", start: "2026-12-01", end: "2026-12-01" }],
  ["Book club in 2 weeks at 7pm", { title: "Book club", start: "2026-12-07T19:00", end: "2026-12-07T20:00" }],
  ["Stand-up in 2 hours", { title: "Stand-up", start: "2026-11-23T12:00", end: "2026-11-23T12:30" }],
  ["Coffee in 30 minutes", { title: "Coffee", start: "2026-11-23T10:30", end: "2026-11-23T11:00" }],
  ["Team lunch next Friday", { title: "Team lunch", start: "2026-12-04", end: "2026-12-04" }],
  ["Deadline next Monday", { title: "Deadline", start: "2026-11-30", end: "2026-11-30" }],
  ["Dentist next Thursday at 9am", { title: "Dentist", start: "2026-12-03T09:00", end: "2026-12-03T10:00" }],
  ["Run this afternoon", { title: "Run", start: "2026-11-23", end: "2026-11-23" }],
  ["Drinks tonight at 9", { title: "Drinks", start: "2026-11-23T21:00", end: "2026-11-23T22:00" }],
  ["Movie tonight", { title: "Movie", start: "2026-11-23", end: "2026-11-23" }],
  ["Piano lesson tomorrow morning", { title: "Piano lesson", start: "2026-11-24", end: "2026-11-24" }],
  ["Call with Ana in 1 hour", { title: "Call with Ana", people: ["Ana"], start: "2026-11-23T11:00", end: "2026-11-23T11:30" }],
  ["Birthday party on Saturday", { title: "Birthday party", start: "2026-11-28", end: "2026-11-28" }],
  ["Sarah's birthday on December 14", { title: "Sarah's birthday", start: "2026-12-14", end: "2026-12-14" }],
  ["Anniversary dinner on Feb 14 at 8pm", { title: "Anniversary dinner", start: "2027-02-14T20:00", end: "2027-02-14T21:00" }],
  ["Day off on Friday", { title: "Day off", start: "2026-11-27", end: "2026-11-27" }],
  ["Moving day on 12 December", { title: "Moving day", start: "2026-12-12", end: "2026-12-12" }],
  ["Payday on 30 November", { title: "Payday", start: "2026-11-30", end: "2026-11-30" }],
  ["Report due on Jan 5th, 2027", { title: "Report due", start: "2027-01-05", end: "2027-01-05" }],
  ["Tax deadline on 31 January 2027", { title: "Tax deadline", start: "2027-01-31", end: "2027-01-31" }],
  // 12-hour and 24-hour clocks, ranges.
  ["Workshop 2-3pm tomorrow", { title: "Workshop", start: "2026-11-24T14:00", end: "2026-11-24T15:00" }],
  ["Training 9am-5pm on Wednesday", { title: "Training", start: "2026-11-25T09:00", end: "2026-11-25T17:00" }],
  ["Shift from 9 to 5 tomorrow", { title: "Shift", start: "2026-11-24T09:00", end: "2026-11-24T17:00" }],
  ["Lecture 10-11am Friday", { title: "Lecture", start: "2026-11-27T10:00", end: "2026-11-27T11:00" }],
  ["Office hours 13:00-15:00 on Thursday", { title: "Office hours", start: "2026-11-26T13:00", end: "2026-11-26T15:00" }],
  ["Meeting between 2 and 4pm tomorrow", { title: "Meeting", start: "2026-11-24T14:00", end: "2026-11-24T16:00" }],
  ["Party on Saturday from 8pm until midnight", { title: "Party", start: "2026-11-28T20:00", end: "2026-11-29T00:00" }],
  ["Night shift from 10pm to 6am on Friday", { title: "Night shift", start: "2026-11-27T22:00", end: "2026-11-28T06:00" }],
  ["Lunch 1pm - 2:30pm Tuesday", { title: "Lunch", start: "2026-11-24T13:00", end: "2026-11-24T14:30" }],
  ["Seminar at 14h30 on Dec 1", { title: "Seminar", start: "2026-12-01T14:30", end: "2026-12-01T15:30" }],
  ["Dinner at 19h on Friday", { title: "Dinner", start: "2026-11-27T19:00", end: "2026-11-27T20:00" }],
  ["Class at half past 6 tomorrow", { title: "Class", start: "2026-11-24T18:30", end: "2026-11-24T19:30" }],
  ["Call at quarter past 3 today", { title: "Call", start: "2026-11-23T15:15", end: "2026-11-23T15:45" }],
  ["Standup at 09:00 tomorrow", { title: "Standup", start: "2026-11-24T09:00", end: "2026-11-24T09:30" }],
  ["Meeting at 12:00 on Friday", { title: "Meeting", start: "2026-11-27T12:00", end: "2026-11-27T13:00" }],
  ["Early run at 06:30 on Saturday", { title: "Early run", start: "2026-11-28T06:30", end: "2026-11-28T07:30" }],
  ["Concert at 9 on Saturday at the Coliseum", { title: "Concert", location: "the Coliseum", start: "2026-11-28T21:00", end: "2026-11-28T22:00" }],
  ["Dinner from 7 to 9 on Friday", { title: "Dinner", start: "2026-11-27T19:00", end: "2026-11-27T21:00" }],
  ["Meeting 11 to 1 on Tuesday", { title: "Meeting", start: "2026-11-24T11:00", end: "2026-11-24T13:00" }],
  ["Call at 7 pm", { title: "Call", start: "2026-11-23T19:00", end: "2026-11-23T19:30" }],
  ["Coffee at 10 a.m. tomorrow", { title: "Coffee", start: "2026-11-24T10:00", end: "2026-11-24T10:30" }],
  ["Lunch at noon tomorrow", { title: "Lunch", start: "2026-11-24T12:00", end: "2026-11-24T13:00" }],
  ["Dinner on Dec 24 at 8:30pm", { title: "Dinner", start: "2026-12-24T20:30", end: "2026-12-24T21:30" }],
  // Durations.
  ["Gym tomorrow at 7am for 1 hour", { title: "Gym", start: "2026-11-24T07:00", end: "2026-11-24T08:00" }],
  ["Workshop Friday 2pm for 2 hours", { title: "Workshop", start: "2026-11-27T14:00", end: "2026-11-27T16:00" }],
  ["Chat tomorrow 3pm for half an hour", { title: "Chat", start: "2026-11-24T15:00", end: "2026-11-24T15:30" }],
  ["Run at 6pm for an hour", { title: "Run", start: "2026-11-23T18:00", end: "2026-11-23T19:00" }],
  ["Demo on Monday at 1pm for 45 min", { title: "Demo", start: "2026-11-23T13:00", end: "2026-11-23T13:45" }],
  ["Focus time tomorrow 9am for 3 hours", { title: "Focus time", start: "2026-11-24T09:00", end: "2026-11-24T12:00" }],
  ["Webinar on Thursday at 4pm for 1.5 hours", { title: "Webinar", start: "2026-11-26T16:00", end: "2026-11-26T17:30" }],
  ["Meditation at 7am for 15 minutes tomorrow", { title: "Meditation", start: "2026-11-24T07:00", end: "2026-11-24T07:15" }],
  ["Planning session for an hour and a half on Dec 1 at 10am", { title: "Planning session", start: "2026-12-01T10:00", end: "2026-12-01T11:30" }],
  ["45-minute call with Bruno tomorrow at 11am", { title: "45-minute call with Bruno", people: ["Bruno"], start: "2026-11-24T11:00", end: "2026-11-24T11:45" }],
  ["2-hour workshop on Friday at 10am", { title: "2-hour workshop", start: "2026-11-27T10:00", end: "2026-11-27T12:00" }],
  ["Tennis for 90 mins on Sunday at 10", { title: "Tennis", start: "2026-11-29T10:00", end: "2026-11-29T11:30" }],
  ["Study group for 2h tomorrow at 6pm", { title: "Study group", start: "2026-11-24T18:00", end: "2026-11-24T20:00" }],
  // Places with punctuation, "at the", "in the", "@".
  ["Mass at St. Mary's Church on Sunday at 10am", { title: "Mass", location: "St. Mary's Church", start: "2026-11-29T10:00", end: "2026-11-29T11:00" }],
  ["Drinks at O'Neill's Pub on Friday at 6pm", { title: "Drinks", location: "O'Neill's Pub", start: "2026-11-27T18:00", end: "2026-11-27T19:00" }],
  ["Meeting at 42 Rua Augusta tomorrow at 3pm", { title: "Meeting", location: "42 Rua Augusta", start: "2026-11-24T15:00", end: "2026-11-24T16:00" }],
  ["Dinner at Mr. Chow's on Saturday at 8pm", { title: "Dinner", location: "Mr. Chow's", start: "2026-11-28T20:00", end: "2026-11-28T21:00" }],
  ["Gallery visit at the Museu Nacional de Arte Antiga on Sunday", { title: "Gallery visit", location: "the Museu Nacional de Arte Antiga", start: "2026-11-29", end: "2026-11-29" }],
  ["Lunch at Joe's Pizza, tomorrow at noon", { title: "Lunch", location: "Joe's Pizza", start: "2026-11-24T12:00", end: "2026-11-24T13:00" }],
  ["Drinks @ Bar 1910 on Friday at 7pm", { title: "Drinks", location: "Bar 1910", start: "2026-11-27T19:00", end: "2026-11-27T20:00" }],
  ["Reading at Barnes & Noble on Dec 8 at 6pm", { title: "Reading", location: "Barnes & Noble", start: "2026-12-08T18:00", end: "2026-12-08T19:00" }],
  ["Team dinner at Ti-Ti's Bistro tomorrow at 8", { title: "Team dinner", location: "Ti-Ti's Bistro", start: "2026-11-24T20:00", end: "2026-11-24T21:00" }],
  ["Book club at the Library", { title: "Book club", location: "the Library" }],
  ["Swim at the Y.M.C.A. on Thursday", { title: "Swim", location: "the Y.M.C.A.", start: "2026-11-26", end: "2026-11-26" }],
  ["Standup in the Blue Room at 9:30 tomorrow", { title: "Standup", location: "the Blue Room", start: "2026-11-24T09:30", end: "2026-11-24T10:00" }],
  ["Workshop in Room 204 on Friday at 2pm", { title: "Workshop", location: "Room 204", start: "2026-11-27T14:00", end: "2026-11-27T15:00" }],
  ["Team photo in the lobby on Wednesday at noon", { title: "Team photo", location: "the lobby", start: "2026-11-25T12:00", end: "2026-11-25T13:00" }],
  ["Retro at the office tomorrow at 4pm", { title: "Retro", location: "the office", start: "2026-11-24T16:00", end: "2026-11-24T17:00" }],
  ["Yoga class at home tonight at 7pm", { title: "Yoga class", location: "home", start: "2026-11-23T19:00", end: "2026-11-23T20:00" }],
  ["Coffee in Porto next Friday", { title: "Coffee", location: "Porto", start: "2026-12-04", end: "2026-12-04" }],
  // Added after the parser was tuned, and run once as written: a check that it generalises.
  ["Dinner with Zé and Rita at Cervejaria Ramiro on Thursday at 8", { title: "Dinner with Zé and Rita", people: ["Zé", "Rita"], location: "Cervejaria Ramiro", start: "2026-11-26T20:00", end: "2026-11-26T21:00" }],
  ["Coffee with Pedro on the 4th at 10:30", { title: "Coffee with Pedro", people: ["Pedro"], start: "2026-12-04T10:30", end: "2026-12-04T11:00" }],
  ["Conference call 15:00-15:45 tomorrow", { title: "Conference call", start: "2026-11-24T15:00", end: "2026-11-24T15:45" }],
  ["Trip to Madrid Dec 10 to Dec 13", { title: "Trip to Madrid", start: "2026-12-10", end: "2026-12-13" }],
  ["Lunch at Time Out Market tomorrow", { title: "Lunch", location: "Time Out Market", start: "2026-11-24", end: "2026-11-24" }],
  ["Interview for 30 minutes on Wednesday at 11", { title: "Interview", start: "2026-11-25T11:00", end: "2026-11-25T11:30" }],
  ["Dentist in 3 weeks", { title: "Dentist", start: "2026-12-14", end: "2026-12-14" }],
  ["Drinks with Sofia next Thursday at 6", { title: "Drinks with Sofia", people: ["Sofia"], start: "2026-12-03T18:00", end: "2026-12-03T19:00" }],
  ["Meeting in the boardroom from 10am to 11:30am on Dec 1", { title: "Meeting", location: "the boardroom", start: "2026-12-01T10:00", end: "2026-12-01T11:30" }],
  ["Brunch @ Zenith, Sunday 11:30", { title: "Brunch", location: "Zenith", start: "2026-11-29T11:30", end: "2026-11-29T12:30" }],
  ["Call on 32 December", { title: "Call", problems: ["32 December is not a date"] }],
  ["Study session from 2 to 6 on Saturday", { title: "Study session", start: "2026-11-28T14:00", end: "2026-11-28T18:00" }],
  // No date at all.
  ["Quarterly review", { title: "Quarterly review" }],
  ["Pick up dry cleaning", { title: "Pick up dry cleaning" }],
  // What it cannot read: said, and no dates filled.
  ["Meeting on 31 February at 25:00", { title: "Meeting", problems: ["31 February is not a date", "25:00 is not a time"] }],
  ["Lunch on February 30th", { title: "Lunch", problems: ["30 February is not a date"] }],
  ["Call at 13pm tomorrow", { title: "Call", problems: ["13pm is not a time"] }],
  ["Dentist on 2026-02-30", { title: "Dentist", problems: ["2026-02-30 is not a date"] }],
  ["Party on the 35th", { title: "Party", problems: ["The 35th is not a day of the month"] }],
  ["Meeting tomorrow from 9:00 to 9:75", { title: "Meeting", problems: ["9:75 is not a time"] }],
  ["Review on 29 February", { title: "Review", problems: ["29 February is not a date in 2027"] }],
  ["Dinner on April 31 at 8pm", { title: "Dinner", problems: ["31 April is not a date"] }],
  // Repeating (issue 16): the rule, the first occurrence, and the end as written.
  ["Standup every weekday at 10", { title: "Standup", start: "2026-11-24T10:00", end: "2026-11-24T10:30", recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" }],
  ["Yoga every other Tuesday at 7pm", { title: "Yoga", start: "2026-11-24T19:00", end: "2026-11-24T20:00", recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU" }],
  ["Rent review every month on the 1st", { title: "Rent review", start: "2026-12-01", end: "2026-12-01", recurrence: "FREQ=MONTHLY;BYMONTHDAY=1" }],
  ["Daily standup at 9:15", { title: "Daily standup", start: "2026-11-24T09:15", end: "2026-11-24T09:45", recurrence: "FREQ=DAILY" }],
  ["Team sync weekly on Mon and Wed at 14:00", { title: "Team sync", start: "2026-11-23T14:00", end: "2026-11-23T14:30", recurrence: "FREQ=WEEKLY;BYDAY=MO,WE" }],
  ["Team lunch every Friday until Christmas", { title: "Team lunch", start: "2026-11-27", end: "2026-11-27", recurrence: "FREQ=WEEKLY;BYDAY=FR;UNTIL=20261225" }],
  ["Piano lesson every Thursday at 5pm for 6 weeks", { title: "Piano lesson", start: "2026-11-26T17:00", end: "2026-11-26T18:00", recurrence: "FREQ=WEEKLY;BYDAY=TH;UNTIL=20270106" }],
  ["Book club on the 15th of every month at 7pm", { title: "Book club", start: "2026-12-15T19:00", end: "2026-12-15T20:00", recurrence: "FREQ=MONTHLY;BYMONTHDAY=15" }],
  ["Physio every Monday and Thursday at 8am, 10 times", { title: "Physio", start: "2026-11-26T08:00", end: "2026-11-26T09:00", recurrence: "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10" }],
  ["Monthly review on the 1st at 11", { title: "Monthly review", start: "2026-12-01T11:00", end: "2026-12-01T12:00", recurrence: "FREQ=MONTHLY;BYMONTHDAY=1" }],
  ["Gym on Tuesdays and Thursdays at 7am", { title: "Gym", start: "2026-11-24T07:00", end: "2026-11-24T08:00", recurrence: "FREQ=WEEKLY;BYDAY=TU,TH" }],
  ["Coffee with Ana every 2 weeks on Friday at 9:30", { title: "Coffee with Ana", people: ["Ana"], start: "2026-11-27T09:30", end: "2026-11-27T10:00", recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR" }],
  ["Retro every other week on Friday at 4pm until Dec 31", { title: "Retro", start: "2026-11-27T16:00", end: "2026-11-27T17:00", recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;UNTIL=20261231" }],
  ["Pay rent monthly", { title: "Pay rent", start: "2026-11-23", end: "2026-11-23", recurrence: "FREQ=MONTHLY;BYMONTHDAY=23" }],
  ["Water the plants every 3 days", { title: "Water the plants", start: "2026-11-23", end: "2026-11-23", recurrence: "FREQ=DAILY;INTERVAL=3" }],
  ["Anniversary dinner every year on December 12 at 8pm", { title: "Anniversary dinner", start: "2026-12-12T20:00", end: "2026-12-12T21:00", recurrence: "FREQ=YEARLY" }],
  ["Standup each weekday 9:00-9:15 in the Blue Room", { title: "Standup", location: "the Blue Room", start: "2026-11-24T09:00", end: "2026-11-24T09:15", recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" }],
  ["Run every day at 6:30am until the end of the year", { title: "Run", start: "2026-11-24T06:30", end: "2026-11-24T07:30", recurrence: "FREQ=DAILY;UNTIL=20261231" }],
  ["Call with Bruno every day at 9 until 9:30", { title: "Call with Bruno", people: ["Bruno"], start: "2026-11-24T09:00", end: "2026-11-24T09:30", recurrence: "FREQ=DAILY" }],
  ["Office hours Mondays and Wednesdays 14:00-16:00", { title: "Office hours", start: "2026-11-23T14:00", end: "2026-11-23T16:00", recurrence: "FREQ=WEEKLY;BYDAY=MO,WE" }],
  ["Budget review every 6 months on the 1st at 10am", { title: "Budget review", start: "2026-12-01T10:00", end: "2026-12-01T11:00", recurrence: "FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=1" }],
  // An impossible end day spoils the dates, and a rule without dates is no rule.
  ["Meeting every Tuesday at 3pm until 30 February", { title: "Meeting", problems: ["30 February is not a date"] }],
];

const LOS_ANGELES: Row[] = [
  ["Brunch tomorrow at 11am", { title: "Brunch", start: "2027-01-01T11:00", end: "2027-01-01T12:00" }],
  ["Dinner at 8", { title: "Dinner", start: "2027-01-01T20:00", end: "2027-01-01T21:00" }],
  ["Ski trip Jan 9-16", { title: "Ski trip", start: "2027-01-09", end: "2027-01-16" }],
  ["Standup Monday 9am", { title: "Standup", start: "2027-01-04T09:00", end: "2027-01-04T09:30" }],
  ["Call with Maya in 2 hours", { title: "Call with Maya", people: ["Maya"], start: "2026-12-31T23:00", end: "2026-12-31T23:30" }],
  ["Team offsite from Jan 5 9am to Jan 6 5pm in San Francisco", { title: "Team offsite", location: "San Francisco", start: "2027-01-05T09:00", end: "2027-01-06T17:00" }],
  ["Happy hour @ The Brass Tap on Friday 5-7pm", { title: "Happy hour", location: "The Brass Tap", start: "2027-01-01T17:00", end: "2027-01-01T19:00" }],
  ["Lunch with Carlos and Ana Lee next Wednesday at 12:30", { title: "Lunch with Carlos and Ana Lee", people: ["Carlos", "Ana Lee"], start: "2027-01-06T12:30", end: "2027-01-06T13:30" }],
  ["Yoga on the 3rd at 7am", { title: "Yoga", start: "2027-01-03T07:00", end: "2027-01-03T08:00" }],
  ["Coffee at Blue Bottle on 2nd", { title: "Coffee", location: "Blue Bottle", start: "2027-01-02", end: "2027-01-02" }],
  ["Dentist appointment on January 12 at 10:15am at Sunset Dental", { title: "Dentist appointment", location: "Sunset Dental", start: "2027-01-12T10:15", end: "2027-01-12T11:15" }],
  ["New Year's Day hike on January 1", { title: "New Year's Day hike", start: "2027-01-01", end: "2027-01-01" }],
  ["Interview at 4pm tomorrow for 45 minutes", { title: "Interview", start: "2027-01-01T16:00", end: "2027-01-01T16:45" }],
  ["Meeting on 30 February", { title: "Meeting", problems: ["30 February is not a date"] }],
  // Repeating (issue 16), as the year turns.
  ["Standup every weekday at 9", { title: "Standup", start: "2027-01-01T09:00", end: "2027-01-01T09:30", recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" }],
  ["Team drinks every Friday until Christmas", { title: "Team drinks", start: "2027-01-01", end: "2027-01-01", recurrence: "FREQ=WEEKLY;BYDAY=FR;UNTIL=20271225" }],
  ["Gym on Mondays at 7am for 4 weeks", { title: "Gym", start: "2027-01-04T07:00", end: "2027-01-04T08:00", recurrence: "FREQ=WEEKLY;BYDAY=MO;UNTIL=20270131" }],
  ["Rent every month on the 1st", { title: "Rent", start: "2027-01-01", end: "2027-01-01", recurrence: "FREQ=MONTHLY;BYMONTHDAY=1" }],
  ["Yoga every other Wednesday at 6pm", { title: "Yoga", start: "2027-01-06T18:00", end: "2027-01-06T19:00", recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE" }],
  ["Dinner with Maya every Saturday at 8", { title: "Dinner with Maya", people: ["Maya"], start: "2027-01-02T20:00", end: "2027-01-02T21:00", recurrence: "FREQ=WEEKLY;BYDAY=SA" }],
  ["Sprint review every 3 weeks on Thursday at 3pm @ The Loft", { title: "Sprint review", location: "The Loft", start: "2027-01-07T15:00", end: "2027-01-07T16:00", recurrence: "FREQ=WEEKLY;INTERVAL=3;BYDAY=TH" }],
  ["Swim daily at 7am, 5 times", { title: "Swim", start: "2027-01-01T07:00", end: "2027-01-01T08:00", recurrence: "FREQ=DAILY;COUNT=5" }],
];

export const SMART_FILL_PHRASES: SmartFillPhrase[] = [
  ...LISBON.map(([phrase, expected]): SmartFillPhrase => ({ phrase, zone: "lisbon", expected })),
  ...LOS_ANGELES.map(([phrase, expected]): SmartFillPhrase => ({ phrase, zone: "la", expected })),
];

/** The phrases the issue reported (issue 10): these must be exact. */
export const REPORTED_DEFECTS = [
  "Board meeting on December 15th from 2pm to 5pm in the main conference room",
  "lunch next wed @ The Cantina 12:30-13:15",
  "Weekend trip to Sintra this Saturday and Sunday",
  "Meeting on 31 February at 25:00",
  "Design review on the 17th at 3pm",
  "Mass at St. Mary's Church on Sunday at 10am",
  "Sprint planning Friday 14:00-16:00 in the Blue Room",
  "Budget meeting at the office on Wednesday at 2pm",
];
