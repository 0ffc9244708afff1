-- Machine/node product: sign-in, catalogue (seeded), payments, holdings, ledger, withdrawals,
-- daily settlements. Money is numeric(78,0) in base units (18 decimals); never floats.

CREATE TABLE auth_nonces (
  nonce text PRIMARY KEY,
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only a SHA-256 of each login token is stored.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_address_idx ON sessions (address);

CREATE TABLE machine_types (
  id integer PRIMARY KEY,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  price numeric(78, 0) NOT NULL CHECK (price > 0),
  power integer NOT NULL CHECK (power > 0),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  max_per_order integer NOT NULL CHECK (max_per_order > 0),
  active boolean NOT NULL DEFAULT true
);

INSERT INTO machine_types (id, name_zh, name_en, price, power, duration_days, max_per_order) VALUES
  (1, '太极·少阳', 'Taichi Shaoyang', 100000000000000000000, 100, 180, 100),
  (2, '太极·太阳', 'Taichi Taiyang', 500000000000000000000, 520, 180, 50),
  (3, '太极·少阴', 'Taichi Shaoyin', 1000000000000000000000, 1080, 360, 20),
  (4, '太极·太阴', 'Taichi Taiyin', 5000000000000000000000, 5600, 360, 10);

CREATE TABLE node_levels (
  id integer PRIMARY KEY,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  price numeric(78, 0) NOT NULL CHECK (price > 0),
  -- Extra mining power for the holder, in basis points of their machines' power.
  bonus_bps integer NOT NULL CHECK (bonus_bps BETWEEN 0 AND 10000),
  seats integer NOT NULL CHECK (seats > 0),
  sold integer NOT NULL DEFAULT 0,
  CHECK (sold BETWEEN 0 AND seats)
);

INSERT INTO node_levels (id, name_zh, name_en, price, bonus_bps, seats) VALUES
  (1, '两仪节点', 'Liangyi node', 1000000000000000000000, 500, 300),
  (2, '四象节点', 'Sixiang node', 3000000000000000000000, 1000, 100),
  (3, '八卦节点', 'Bagua node', 10000000000000000000000, 2000, 30);

-- Each on-chain payment credits at most once: the primary key is the tx hash.
CREATE TABLE payments (
  tx_hash text PRIMARY KEY CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  purpose text NOT NULL CHECK (purpose IN ('machine', 'node', 'withdraw_fee')),
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE member_machines (
  id serial PRIMARY KEY,
  address text NOT NULL REFERENCES members (address),
  type_id integer NOT NULL REFERENCES machine_types (id),
  num integer NOT NULL CHECK (num > 0),
  power integer NOT NULL CHECK (power > 0),
  paid numeric(78, 0) NOT NULL CHECK (paid > 0),
  tx_hash text NOT NULL UNIQUE REFERENCES payments (tx_hash),
  -- Produces on settlement days start_day <= day < end_day (UTC dates).
  start_day date NOT NULL,
  end_day date NOT NULL CHECK (end_day > start_day),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_machines_address_idx ON member_machines (address, id DESC);

CREATE TABLE member_nodes (
  address text PRIMARY KEY REFERENCES members (address),
  level_id integer NOT NULL REFERENCES node_levels (id),
  paid numeric(78, 0) NOT NULL CHECK (paid > 0),
  tx_hash text NOT NULL UNIQUE REFERENCES payments (tx_hash),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every balance change is one row; a balance is the sum of its rows.
CREATE TABLE ledger (
  id bigserial PRIMARY KEY,
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  credit_type text NOT NULL CHECK (credit_type IN ('usdt', 'arb')),
  amount numeric(78, 0) NOT NULL CHECK (amount <> 0),
  kind text NOT NULL CHECK (kind IN ('mining', 'referral', 'withdraw', 'withdraw_refund')),
  -- What caused it; (kind, ref) is unique so no cause is booked twice.
  ref text NOT NULL,
  day date,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, ref)
);
CREATE INDEX ledger_wallet_idx ON ledger (address, credit_type, id DESC);

CREATE TABLE withdrawals (
  id serial PRIMARY KEY,
  address text NOT NULL REFERENCES members (address),
  credit_type text NOT NULL CHECK (credit_type IN ('usdt', 'arb')),
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  fee numeric(78, 0) NOT NULL CHECK (fee > 0),
  fee_tx_hash text NOT NULL UNIQUE REFERENCES payments (tx_hash),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'paid', 'rejected')),
  payout_tx_hash text UNIQUE CHECK (payout_tx_hash ~ '^0x[0-9a-f]{64}$'),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'paid') = (payout_tx_hash IS NOT NULL))
);

-- One row per settled UTC day, written in the same transaction as that day's ledger rows.
CREATE TABLE settlements (
  day date PRIMARY KEY,
  mining_total numeric(78, 0) NOT NULL DEFAULT 0,
  referral_total numeric(78, 0) NOT NULL DEFAULT 0,
  settled_at timestamptz NOT NULL DEFAULT now()
);
