import type { Db } from "mongodb";
import type { IndexPlan } from "@amia/kit";
import type { TAssistantResult, TChatRole } from "@amia/contracts";

/*
 * Each user's conversations with the assistant (collection `conversations`), the user's alone:
 * every query names the owner. A turn is appended with one $push, so a conversation is one
 * document, bounded: past MAX_STORED_MESSAGES the oldest turns are dropped (a $set of the
 * kept ones; FerretDB has no $push $slice).
 */

export interface StoredMessage {
  role: TChatRole;
  content: string;
  timestamp: string;
  /** The proposal cards this turn showed; read fresh from the proposals when reopened. */
  proposal_ids: string[];
  results: TAssistantResult[];
}

/** Storage shape. Collection and field names are storage: never rename. */
export interface ConversationDocument {
  _id: string;
  user_id: string;
  title: string;
  preview: string;
  created_at: string;
  updated_at: string;
  messages: StoredMessage[];
}

export const CONVERSATIONS_COLLECTION = "conversations";
/** A conversation keeps its most recent turns; the model sees at most the last MAX_CHAT_MESSAGES anyway. */
export const MAX_STORED_MESSAGES = 200;

export const CONVERSATIONS_INDEXES: IndexPlan = {
  [CONVERSATIONS_COLLECTION]: [{ key: { user_id: 1, updated_at: -1 }, name: "conversations_by_user" }],
};

export interface ConversationsStore {
  create: (doc: ConversationDocument) => Promise<void>;
  get: (userId: string, id: string) => Promise<ConversationDocument | null>;
  list: (userId: string, page: { skip: number; take: number }) => Promise<{ items: ConversationDocument[]; total: number }>;
  /** Appends a turn to a conversation holding `held` messages (as read before the turn). */
  append: (userId: string, id: string, messages: StoredMessage[], at: string, preview: string, held: StoredMessage[]) => Promise<void>;
  clear: (userId: string) => Promise<number>;
  remove: (userId: string, id: string) => Promise<boolean>;
}

export function createConversationsStore(db: Db): ConversationsStore {
  const conversations = db.collection<ConversationDocument>(CONVERSATIONS_COLLECTION);
  return {
    async create(doc) {
      await conversations.insertOne(doc);
    },
    get: (userId, id) => conversations.findOne({ _id: id, user_id: userId }),
    async list(userId, { skip, take }) {
      const [items, total] = await Promise.all([
        take === 0 ? [] : conversations.find({ user_id: userId }, { projection: { messages: 0 } }).sort({ updated_at: -1, _id: 1 }).skip(skip).limit(take).toArray(),
        conversations.countDocuments({ user_id: userId }),
      ]);
      return { items: items.map((item) => ({ ...item, messages: [] })), total };
    },
    async append(userId, id, messages, at, preview, held) {
      const update =
        held.length + messages.length > MAX_STORED_MESSAGES
          ? { $set: { messages: [...held, ...messages].slice(-MAX_STORED_MESSAGES), updated_at: at, preview } }
          : { $push: { messages: { $each: messages } }, $set: { updated_at: at, preview } };
      await conversations.updateOne({ _id: id, user_id: userId }, update);
    },
    async clear(userId) {
      return (await conversations.deleteMany({ user_id: userId })).deletedCount;
    },
    async remove(userId, id) {
      return (await conversations.deleteOne({ _id: id, user_id: userId })).deletedCount === 1;
    },
  };
}
