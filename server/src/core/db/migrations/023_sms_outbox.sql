-- SMS (password mode bySms), kept like mails are in mail_outbox: without SMS_URL the text stays here for developers
-- (`npm run outbox -- --sms`), as nothing is sent. Sent through a provider, only the fact is kept (recipient, time,
-- the provider's message id), not the text: it carries a set-password link, which must not lie around in a table.
-- member_uuid: deleting a member for good removes the member's SMS, and undoing a create whose SMS failed removes
-- the member row itself (the cascade).
CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  client_uuid uuid REFERENCES client (uuid),
  member_uuid uuid REFERENCES member (uuid) ON DELETE CASCADE,
  recipient text NOT NULL,
  text_body text,
  transport text NOT NULL CHECK (transport IN ('outbox', 'twilio')),
  provider_message_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((transport = 'outbox') = (text_body IS NOT NULL))
);
CREATE INDEX sms_outbox_member ON sms_outbox (member_uuid) WHERE member_uuid IS NOT NULL;
