import { GovernancePage } from "../features/governance/components/GovernancePage";

/** `/governance` (lazy, public: no wallet needed): owners, the timelock's delay, queued and past operations. */
export default function Governance() {
  return <GovernancePage />;
}
