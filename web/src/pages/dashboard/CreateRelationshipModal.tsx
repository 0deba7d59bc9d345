import { Modal } from "../../components/Modal.tsx";
import { SendRelationshipRequestForm } from "../../components/SendRelationshipRequestForm.tsx";

/**
 * SPEC.md section 2, Dashboard modals: "Create Relationship", the same form as the profile's
 * Relationships tab; it closes once the request went out (the toast says so).
 */
export function CreateRelationshipModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Create Relationship" size="small">
      <SendRelationshipRequestForm layout="dialog" onSent={onClose} onCancel={onClose} />
    </Modal>
  );
}
