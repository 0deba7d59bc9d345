import type { Db } from "mongodb";
import type { IndexPlan } from "@amia/kit";
import type { TProposal, TProposalStatus } from "@amia/contracts";

/*
 * The proposals the assistant issued (collection `proposals`). Every read and every transition
 * names the owner (STYLE.md rule 9): another user's proposal id finds nothing. A transition is
 * one findOneAndUpdate whose filter holds the state it leaves, so of two concurrent Confirms
 * exactly one matches; a `claim` marks the write in flight, released if the write fails.
 */

/** Storage shape; wire names where shared. Collection and field names are storage: never rename. */
export interface ProposalDocument extends Omit<TProposal, "id"> {
  _id: string;
  user_id: string;
  conversation_id: string | null;
  /** A Confirm or Undo in flight (its owner's request id), so a second one cannot start. */
  claim: string | null;
}

export const PROPOSALS_COLLECTION = "proposals";

export const PROPOSALS_INDEXES: IndexPlan = {
  [PROPOSALS_COLLECTION]: [{ key: { user_id: 1, conversation_id: 1 }, name: "proposals_by_user_conversation" }],
};

export function toProposal(doc: ProposalDocument): TProposal {
  const { _id, user_id: _user, conversation_id: _conversation, claim: _claim, ...rest } = doc;
  return { id: _id, ...rest };
}

export interface ProposalsStore {
  insert: (doc: ProposalDocument) => Promise<void>;
  get: (userId: string, id: string) => Promise<ProposalDocument | null>;
  getMany: (userId: string, ids: readonly string[]) => Promise<ProposalDocument[]>;
  /** Marks an unclaimed proposal in `status` as being acted on; null when another got there first. */
  claim: (userId: string, id: string, status: TProposalStatus, claim: string) => Promise<ProposalDocument | null>;
  /** Ends a claim with the new fields (the write succeeded), or just releases it (it failed). */
  settle: (userId: string, id: string, claim: string, fields: Partial<ProposalDocument>) => Promise<void>;
  /** The card's Cancel: an open, unclaimed proposal becomes dismissed. */
  dismiss: (userId: string, id: string) => Promise<ProposalDocument | null>;
}

export function createProposalsStore(db: Db): ProposalsStore {
  const proposals = db.collection<ProposalDocument>(PROPOSALS_COLLECTION);
  return {
    async insert(doc) {
      await proposals.insertOne(doc);
    },
    get: (userId, id) => proposals.findOne({ _id: id, user_id: userId }),
    async getMany(userId, ids) {
      if (ids.length === 0) return [];
      return proposals.find({ user_id: userId, _id: { $in: [...ids] } }).toArray();
    },
    claim: (userId, id, status, claim) =>
      proposals.findOneAndUpdate({ _id: id, user_id: userId, status, claim: null }, { $set: { claim } }, { returnDocument: "after" }),
    async settle(userId, id, claim, fields) {
      await proposals.updateOne({ _id: id, user_id: userId, claim }, { $set: { ...fields, claim: null } });
    },
    dismiss: (userId, id) =>
      proposals.findOneAndUpdate({ _id: id, user_id: userId, status: "open", claim: null }, { $set: { status: "dismissed" } }, { returnDocument: "after" }),
  };
}
