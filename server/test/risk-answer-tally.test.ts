/**
 * The answer tally (migration 018) that finishing an analysis phase scores from: it must equal the aggregate of the
 * stored answers after every kind of write (seeded results, answers deleted alone, results deleted with theirs).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Row = { assignment_uuid: string; question_key: string; n: number; affected: number; weights: number };

async function fromAnswers(): Promise<Row[]> {
  return server.db.query<Row>(
    `SELECT r.assignment_uuid, a.question_key, count(*)::int AS n, count(*) FILTER (WHERE a.risk_weight > 0)::int AS affected,
            sum(a.risk_weight)::int AS weights
       FROM risk_assessment_result_answer a JOIN risk_assessment_result r ON r.uuid = a.result_uuid
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}

async function fromTally(): Promise<Row[]> {
  return server.db.query<Row>(
    `SELECT assignment_uuid, question_key, analysis_count AS n, affected_count AS affected, weight_sum AS weights
       FROM risk_assessment_answer_tally ORDER BY 1, 2`,
  );
}

it('equals the aggregate of the seeded answers', async () => {
  const answers = await fromAnswers();
  expect(answers.length).toBeGreaterThan(0);
  expect(await fromTally()).toEqual(answers);
});

it('follows answers deleted alone and results deleted with their answers', async () => {
  const [result] = await server.db.query<{ uuid: string }>(
    'SELECT result_uuid AS uuid FROM risk_assessment_result_answer ORDER BY result_uuid LIMIT 1',
  );
  await server.db.query(
    `DELETE FROM risk_assessment_result_answer
      WHERE result_uuid = $1 AND question_key = (SELECT min(question_key) FROM risk_assessment_result_answer WHERE result_uuid = $1)`,
    [result?.uuid],
  );
  expect(await fromTally()).toEqual(await fromAnswers());
  await server.db.query('DELETE FROM risk_assessment_result WHERE uuid = $1', [result?.uuid]);
  expect(await fromTally()).toEqual(await fromAnswers());
});
