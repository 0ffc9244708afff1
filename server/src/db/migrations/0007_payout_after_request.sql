-- The block holding a withdrawal's fee payment: its payout must be mined in a later block, so an
-- older treasury transfer of the same amount to the member cannot be presented as this payout.
-- NULL for requests from before this migration (and from a fake chain in tests): no block check.
ALTER TABLE withdrawals ADD COLUMN fee_block bigint;
