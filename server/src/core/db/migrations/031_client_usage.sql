-- Usage across clients (licensee console, issue 27): one row of figures per client, precomputed by a background job
-- (modules/licensee/usage.ts) so that the licensee's usage list answers from this table alone, whatever the number of
-- members behind it (target: p95 <= 200 ms for 1,000 clients with 1,000,000 members). refreshed_at says how fresh each
-- row is; the page shows the oldest one of the licensee ("Stand").
CREATE TABLE client_usage (
  client_uuid uuid PRIMARY KEY REFERENCES client (uuid) ON DELETE CASCADE,
  licensee_uuid uuid NOT NULL REFERENCES licensee (uuid),
  -- Members that are not archived (what the member limit counts), and those of them whose status is active.
  members integer NOT NULL,
  active_members integer NOT NULL,
  -- Members (not archived) whose last sign-in lies within the 30 days before the refresh.
  signed_in_30_days integer NOT NULL,
  -- E-learning tasks of members that are not archived (reset attempts are history and not counted), and of them
  -- the completed ones; completion_rate = completed / tasks in per cent, NULL without tasks.
  elearning_tasks integer NOT NULL,
  elearning_completed integer NOT NULL,
  completion_rate numeric(5, 1),
  -- Open e-learning tasks and open risk-assessment analyses whose due date has passed.
  overdue_tasks integer NOT NULL,
  -- Risk actions not done yet.
  open_risk_actions integer NOT NULL,
  -- The latest sign-in, completed e-learning or completed analysis of the client's members; NULL when none.
  last_activity_at timestamptz,
  refreshed_at timestamptz NOT NULL DEFAULT now()
);
-- One index per sort order of the usage list (licensee, column, client uuid as the tie-breaker). The two columns that
-- can be NULL get a second index for the descending order, because the list puts NULL last in both directions.
CREATE INDEX client_usage_active ON client_usage (licensee_uuid, active_members, client_uuid);
CREATE INDEX client_usage_signed_in ON client_usage (licensee_uuid, signed_in_30_days, client_uuid);
CREATE INDEX client_usage_completion ON client_usage (licensee_uuid, completion_rate, client_uuid);
CREATE INDEX client_usage_completion_desc ON client_usage (licensee_uuid, completion_rate DESC NULLS LAST, client_uuid DESC);
CREATE INDEX client_usage_overdue ON client_usage (licensee_uuid, overdue_tasks, client_uuid);
CREATE INDEX client_usage_open_actions ON client_usage (licensee_uuid, open_risk_actions, client_uuid);
CREATE INDEX client_usage_last_activity ON client_usage (licensee_uuid, last_activity_at, client_uuid);
CREATE INDEX client_usage_last_activity_desc ON client_usage (licensee_uuid, last_activity_at DESC NULLS LAST, client_uuid DESC);
CREATE INDEX client_usage_refreshed ON client_usage (licensee_uuid, refreshed_at);

-- The refresh job's claim, one row: several instances on one PostgreSQL database start a run only when the last
-- one began more than the interval ago (or its instance died, STALE after twice the interval), so one of them runs it.
CREATE TABLE client_usage_refresh (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  started_at timestamptz,
  finished_at timestamptz,
  clients integer NOT NULL DEFAULT 0,
  ms integer
);
INSERT INTO client_usage_refresh (id) VALUES (true);

-- The refresh counts a client's open risk actions by client.
CREATE INDEX risk_assessment_action_client_open ON risk_assessment_action (client_uuid) WHERE done_at IS NULL;
