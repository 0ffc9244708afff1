-- Withdrawal operations: an audit trail of every state change and the operators' queue index.

CREATE TABLE withdrawal_events (
  id bigserial PRIMARY KEY,
  withdrawal_id integer NOT NULL REFERENCES withdrawals (id),
  -- NULL when the request is created.
  from_status text CHECK (from_status IN ('pending', 'approved', 'paid', 'rejected')),
  to_status text NOT NULL CHECK (to_status IN ('pending', 'approved', 'paid', 'rejected')),
  -- The member for a request, the signed-in operator for a move; NULL only for rows backfilled below.
  actor text CHECK (actor ~ '^0x[0-9a-f]{40}$'),
  payout_tx_hash text,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_events_withdrawal_idx ON withdrawal_events (withdrawal_id, id);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id);

-- Requests made before this migration: their creation, and their current state if they moved.
INSERT INTO withdrawal_events (withdrawal_id, from_status, to_status, actor, created_at)
  SELECT id, NULL, 'pending', address, created_at FROM withdrawals;
INSERT INTO withdrawal_events (withdrawal_id, from_status, to_status, actor, payout_tx_hash, reason, created_at)
  SELECT id, NULL, status, NULL, payout_tx_hash, reason, updated_at FROM withdrawals WHERE status <> 'pending';
