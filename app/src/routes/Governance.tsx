import { GovernancePage } from "../features/admin/components/GovernancePage";

/** `/governance` (lazy, public: no wallet needed): owners, the timelock's delay, queued and past operations. */
export default function Governance() {
  return <GovernancePage />;
}
