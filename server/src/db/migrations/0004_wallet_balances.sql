-- Each member's balance per credit type, kept by a trigger in the same transaction as every ledger
-- row, so reading a balance is one key lookup instead of a sum over the whole history. The ledger
-- stays the source of truth: rows are only ever inserted, and each balance equals the sum of its rows.

CREATE TABLE wallet_balances (
  address text NOT NULL,
  credit_type text NOT NULL CHECK (credit_type IN ('usdt', 'arb')),
  balance numeric(78, 0) NOT NULL,
  PRIMARY KEY (address, credit_type)
);

INSERT INTO wallet_balances (address, credit_type, balance)
  SELECT address, credit_type, sum(amount) FROM ledger GROUP BY address, credit_type;

CREATE FUNCTION ledger_to_wallet_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_balances (address, credit_type, balance) VALUES (NEW.address, NEW.credit_type, NEW.amount)
  ON CONFLICT (address, credit_type) DO UPDATE SET balance = wallet_balances.balance + EXCLUDED.balance;
  RETURN NULL;
END;
$$;

CREATE TRIGGER ledger_wallet_balance AFTER INSERT ON ledger
  FOR EACH ROW EXECUTE FUNCTION ledger_to_wallet_balance();

-- Append-only: a changed or deleted row would silently break the balances.
CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are never updated or deleted';
END;
$$;

CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON ledger
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
