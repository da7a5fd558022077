// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { pentestSchema } from '../../mock-service/pentest/schema.ts';

const dir = fileURLToPath(new URL('../../mock-service/pentest/h3-cli-queries/', import.meta.url));
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.graphql'))
  .sort();

describe("the pentest platform CLI's own query files", () => {
  it('are all here: one per operation the demo schema models', () => {
    expect(files).toEqual([
      'action_logs.graphql',
      'cancel_op.graphql',
      'latest_pentest.graphql',
      'pause_op.graphql',
      'pentest.graphql',
      'pentests.graphql',
      'resume_op.graphql',
      'whoami.graphql',
    ]);
  });

  it.each(files)('%s validates against the demo schema', (file) => {
    const errors = validate(pentestSchema, parse(readFileSync(join(dir, file), 'utf8')));
    expect(errors.map((error) => error.message)).toEqual([]);
  });

  it('a field the schema lacks is reported, so the check above can fail', () => {
    const errors = validate(pentestSchema, parse('query { pentests_page { pentests { op_id no_such_field } } }'));
    expect(errors.map((error) => error.message)).toEqual(['Cannot query field "no_such_field" on type "Pentest".']);
  });
});
