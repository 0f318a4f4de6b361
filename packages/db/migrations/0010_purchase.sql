-- Certificate purchase: contacts, companies, saved validation e-mails, saved CSRs, the company directory and orders.

CREATE TABLE contacts (
  id          serial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  lastname    text NOT NULL,
  firstname   text NOT NULL,
  position    text NOT NULL DEFAULT '',
  email       text NOT NULL,
  telephone   text NOT NULL,
  id_card     text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contacts_account ON contacts(account_id, id DESC);

CREATE TABLE organizations (
  id                     serial PRIMARY KEY,
  account_id             integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  org_name               text NOT NULL,
  credit_code            text NOT NULL,
  nation_code            text NOT NULL,
  province               text NOT NULL,
  city                   text NOT NULL,
  postal_code            text NOT NULL,
  address                text NOT NULL,
  telephone              text NOT NULL,
  digicert_id            text NOT NULL DEFAULT '',
  digicert_cn_id         text NOT NULL DEFAULT '',
  date_of_incorporation  date NOT NULL DEFAULT DATE '2019-01-01',
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organizations_account ON organizations(account_id, id DESC);

-- Validation e-mails an account saved for the email_dns method; one row per address.
CREATE TABLE dcv_emails (
  id          serial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  email       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, email)
);

CREATE TABLE csrs (
  id           serial PRIMARY KEY,
  account_id   integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  common_name  text NOT NULL,
  csr          text NOT NULL,
  -- Only ever the sealed (AES-256-GCM) key, when the server generated it.
  private_key_sealed text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX csrs_account ON csrs(account_id, id DESC);

-- What the built-in company lookup (qiChaCha) answers from.
CREATE TABLE company_directory (
  id             serial PRIMARY KEY,
  name           text NOT NULL UNIQUE,
  credit_code    text NOT NULL,
  country        text NOT NULL,
  province       text NOT NULL,
  locality       text NOT NULL,
  registry_addr  text NOT NULL,
  postal_code    text NOT NULL,
  telephone      text NOT NULL
);

INSERT INTO company_directory (name, credit_code, country, province, locality, registry_addr, postal_code, telephone) VALUES
  ('阿里巴巴（中国）有限公司', '91330100799655058B', 'CN', '浙江省', '杭州市', '浙江省杭州市滨江区网商路699号', '310052', '0571-85022088'),
  ('腾讯科技（深圳）有限公司', '9144030071526726XG', 'CN', '广东省', '深圳市', '深圳市南山区高新区科技中一路腾讯大厦35层', '518057', '0755-86013388'),
  ('北京百度网讯科技有限公司', '91110000802100433B', 'CN', '北京市', '北京市', '北京市海淀区上地十街10号百度大厦2层', '100085', '010-59928888'),
  ('华为技术有限公司', '914403001922038216', 'CN', '广东省', '深圳市', '深圳市龙岗区坂田华为总部办公楼', '518129', '0755-28780808'),
  ('小米科技有限责任公司', '91110108551385082Q', 'CN', '北京市', '北京市', '北京市海淀区西二旗中路33号院6号楼8层018号', '100085', '010-60606666'),
  ('京东科技信息技术有限公司', '91110302MA01NBL00Y', 'CN', '北京市', '北京市', '北京市北京经济技术开发区科创十一街18号C座2层', '100176', '010-89127777'),
  ('网易（杭州）网络有限公司', '91330108788831167G', 'CN', '浙江省', '杭州市', '杭州市滨江区长河街道网商路599号4幢7层', '310052', '0571-89852163'),
  ('上海寻梦信息技术有限公司', '9131000031209346XD', 'CN', '上海市', '上海市', '上海市长宁区娄山关路533号2802室', '200051', '021-52661300'),
  ('北京字节跳动科技有限公司', '911101080628135175', 'CN', '北京市', '北京市', '北京市海淀区北三环西路27号院2号楼6层', '100089', '010-58341086'),
  ('中国银行股份有限公司', '911000001000013428', 'CN', '北京市', '北京市', '北京市西城区复兴门内大街1号', '100818', '010-66596688'),
  ('Google LLC', 'C2366985', 'US', 'California', 'Mountain View', '1600 Amphitheatre Parkway, Mountain View, CA', '94043', '+1 650-253-0000'),
  ('Microsoft Corporation', '600413485', 'US', 'Washington', 'Redmond', 'One Microsoft Way, Redmond, WA', '98052', '+1 425-882-8080'),
  ('Apple Inc.', 'C0806592', 'US', 'California', 'Cupertino', 'One Apple Park Way, Cupertino, CA', '95014', '+1 408-996-1010'),
  ('SAP SE', 'HRB 719915', 'DE', 'Baden-Württemberg', 'Walldorf', 'Dietmar-Hopp-Allee 16, 69190 Walldorf', '69190', '+49 6227 747474'),
  ('Sony Group Corporation', '0104-01-033640', 'JP', 'Tokyo', 'Minato-ku', '1-7-1 Konan, Minato-ku, Tokyo', '108-0075', '+81 3-6748-2111'),
  ('Singtel Limited', '199201624D', 'SG', 'Singapore', 'Singapore', '31 Exeter Road, Comcentre', '239732', '+65 6838 3388');

CREATE TABLE orders (
  id                   serial PRIMARY KEY,
  order_no             text NOT NULL UNIQUE,
  account_id           integer NOT NULL REFERENCES accounts(id),
  product_no           text NOT NULL REFERENCES products(product_no),
  product_type         text NOT NULL,
  brand                text NOT NULL,
  order_status         integer NOT NULL DEFAULT 1001,
  -- Years, or 90 for a 90-day free certificate.
  validity             integer NOT NULL CHECK (validity > 0),
  common_name          text NOT NULL,
  domain_names         jsonb NOT NULL DEFAULT '[]'::jsonb,
  dcv_method           text NOT NULL DEFAULT '',
  dcv_email            text NOT NULL DEFAULT '',
  contact_id           integer REFERENCES contacts(id) ON DELETE SET NULL,
  org_id               integer REFERENCES organizations(id) ON DELETE SET NULL,
  csr                  text NOT NULL DEFAULT '',
  -- The private key only when the server holds it, always sealed with AES-256-GCM; never in plain text.
  private_key_sealed   text,
  key_params           jsonb NOT NULL DEFAULT '{}'::jsonb,
  pay_amount           bigint NOT NULL DEFAULT 0 CHECK (pay_amount >= 0),
  raw_amount           bigint NOT NULL DEFAULT 0 CHECK (raw_amount >= 0),
  discount             integer NOT NULL DEFAULT 100 CHECK (discount BETWEEN 0 AND 100),
  re_sign_status       integer NOT NULL DEFAULT 0,
  re_sign_price_diff   bigint NOT NULL DEFAULT 0 CHECK (re_sign_price_diff >= 0),
  -- Orders created by one request share a batch id (payment of several orders, failure reports).
  batch_id             text,
  remark               text NOT NULL DEFAULT '',
  created_at           timestamptz NOT NULL DEFAULT now(),
  paid_at              timestamptz,
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_account ON orders(account_id, id DESC);
CREATE INDEX orders_account_status ON orders(account_id, order_status, id DESC);
CREATE INDEX orders_batch ON orders(batch_id) WHERE batch_id IS NOT NULL;
