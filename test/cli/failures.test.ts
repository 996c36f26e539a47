// The CLI fails cleanly: one line on stderr, never a stack trace, exit code 2 for a wrong command line and
// 1 for a command that cannot do its work; and a reader that goes away (`export | head -1`) is no error.
import assert from 'node:assert/strict'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, it } from 'node:test'
import { listKeys } from '../../src/accounts/api-keys.ts'
import { createTestDatabaseUrl, openTestStore, TEST_DIALECT } from '../helpers/test-database.ts'
import { tempDir } from '../helpers/temp-dir.ts'
import { CLI, freePort, hortus, hortusEnv, ROOT, run, TSX, type Finished } from '../helpers/processes.ts'

const dir = tempDir('hortus-cli-')
let databaseUrl: string

before(async () => {
  databaseUrl = await createTestDatabaseUrl()
})

const cli = (...args: string[]) => hortus(args, { DATABASE_URL: databaseUrl })

function assertOneLineFailure(result: Finished, code: number, pattern: RegExp): void {
  assert.equal(result.code, code, `exit code (stderr: ${result.stderr})`)
  const lines = result.stderr.trimEnd().split('\n')
  assert.equal(lines.length, 1, `one line on stderr, got:\n${result.stderr}`)
  assert.match(lines[0]!, pattern)
}

describe('hortus command line mistakes: one line, exit 2', () => {
  const cases: [string[], RegExp][] = [
    [['export', '--nope'], /^export: Unknown option '--nope'\.$/],
    [['keys', 'list', '--json', '--nope'], /^keys list: Unknown option '--nope'\.$/],
    [['keys', 'create', '--email'], /^keys create: Option '--email <value>' argument missing\.$/],
    [['migrate', 'now'], /^migrate: Unexpected argument 'now'\.$/],
    [['import', 'a.jsonl', 'b.jsonl'], /^import: Unexpected argument 'b.jsonl'\.$/],
    [['keys', 'revoke', 'hk_a', 'hk_b'], /^keys revoke: Unexpected argument 'hk_b'\.$/],
    [['plants'], /^Unknown command "plants"/],
  ]
  for (const [args, pattern] of cases) {
    it(args.join(' '), async () => assertOneLineFailure(await cli(...args), 2, pattern))
  }
})

describe('hortus commands that cannot do their work: one line, exit 1', () => {
  it('export to a path whose directory does not exist', async () => {
    const output = join(dir, 'missing', 'plants.jsonl')
    const result = await cli('export', '--output', output)
    assertOneLineFailure(result, 1, new RegExp(`^Cannot write ${output}: no such file or directory\\.$`))
    assert.equal(existsSync(output), false)
  })

  it('an import in which every line is rejected, after its summary', async () => {
    const file = join(dir, 'all-bad.jsonl')
    writeFileSync(file, 'not json\n{"type":"Plant","name":"no scientific name"}\n')
    const result = await cli('import', file)
    assert.equal(result.code, 1, result.stderr)
    assert.match(result.stdout, /0 created, 0 updated, 0 unchanged, 2 rejected/)
    assert.deepEqual(result.stderr.trimEnd().split('\n'), [
      'line 1: rejected: not valid JSON',
      'line 2: rejected: scientific_name: required',
      `Nothing imported: every plant line of ${file} was rejected.`,
    ])
  })

  it('an import file that does not exist', async () => {
    const result = await cli('import', join(dir, 'nowhere.jsonl'))
    assertOneLineFailure(result, 1, /^Cannot read .*nowhere\.jsonl: no such file or directory\.$/)
  })

  it('a database that cannot be opened', async () => {
    const url =
      TEST_DIALECT === 'sqlite'
        ? `sqlite:${join(dir, 'missing', 'hortus.db')}`
        : `postgres://hortus:s3cret@127.0.0.1:${await freePort()}/hortus`
    const result = await hortus(['keys', 'list'], { DATABASE_URL: url })
    assertOneLineFailure(result, 1, /^Cannot (open the SQLite database|connect to PostgreSQL at) /)
    assert.doesNotMatch(result.stderr, /s3cret/)
  })
})

describe('hortus export | head -1', () => {
  it('ends quietly when its reader closes', async () => {
    // The starter dataset exports to about 450 KB: far more than a pipe holds once head has gone.
    const imported = await cli('import', join(ROOT, 'data', 'plants.jsonl'))
    assert.equal(imported.code, 0, imported.stderr)
    const command = `set -o pipefail; "${process.execPath}" --import "${TSX}" "${CLI}" export | head -1`
    const result = await run('bash', ['-c', command], { env: hortusEnv({ DATABASE_URL: databaseUrl }) })
    assert.equal(result.stderr, '')
    assert.equal(result.code, 0)
    assert.match(result.stdout, /^\{"hortus_dataset":1,.*\}\n$/)
  })
})

describe('hortus and .env', () => {
  it('reads DATABASE_URL from .env in the working directory', async () => {
    const cwd = tempDir('hortus-cli-env-')
    const url = await createTestDatabaseUrl()
    writeFileSync(join(cwd, '.env'), `DATABASE_URL=${url}\n`)
    const result = await hortus(
      ['keys', 'create', '--email', 'dotenv@example.org', '--json'],
      { DATABASE_URL: undefined },
      cwd,
    )
    assert.equal(result.code, 0, result.stderr)
    const store = await openTestStore(url)
    try {
      assert.deepEqual(
        (await listKeys(store, null)).map((key) => key.email),
        ['dotenv@example.org'],
      )
    } finally {
      await store.close()
    }
  })
})
