-- DCV autopilot choice per order (offered on the order screen, on by default, switched on the details page) and
-- its records published and removed per zone in batches: a row is wanted (to publish), published, or removing.
ALTER TABLE orders ADD COLUMN dcv_autopilot boolean NOT NULL DEFAULT true;
ALTER TABLE dns_dcv_records ADD COLUMN state text NOT NULL DEFAULT 'published' CHECK (state IN ('wanted', 'published', 'removing'));
ALTER TABLE dns_dcv_records ADD COLUMN domain text NOT NULL DEFAULT '';
CREATE INDEX dns_dcv_records_zone_state ON dns_dcv_records (zone_id) WHERE state <> 'published';
